import AppInfrastructure
import FlyingFox
import Foundation

/// Bodies a hostile or broken server sends, for the body-limit tests of every live client.
public enum HostileBodies {
  /// 255 KiB of gzip that inflates to 256 MiB of zero bytes (made with `gzip -9 -n`).
  public static let gzipBomb: Data = {
    // Missing, it is empty, and the bomb tests fail on their expectations instead of trapping.
    guard let url = Bundle.module.url(forResource: "zeros-256MiB", withExtension: "gz") else {
      return Data()
    }
    return (try? Data(contentsOf: url)) ?? Data()
  }()

  /// A 200 whose gzip body inflates to 256 MiB.
  public static func gzipBombResponse() -> FlyingFox.HTTPResponse {
    FlyingFox.HTTPResponse(
      statusCode: .ok,
      headers: HTTPHeaders([
        HTTPHeader("Content-Encoding"): "gzip", .contentType: "application/json",
      ]),
      body: gzipBomb)
  }

  /// A 200 with `megabytes` MiB of plain JSON-looking text.
  public static func hugeResponse(megabytes: Int) -> FlyingFox.HTTPResponse {
    FlyingFox.HTTPResponse(
      statusCode: .ok, headers: HTTPHeaders([.contentType: "application/json"]),
      body: Data(repeating: UInt8(ascii: " "), count: megabytes << 20))
  }
}
