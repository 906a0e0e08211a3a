import AppInfrastructure
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit

/// Issue 9, item 2: every live client reads at most `bodyLimit` bytes of body, counted after
/// gzip is inflated, and fails with `.dataLengthExceedsMaximum` past it.
@Suite("CurlHTTPClient: the body limit", .timeLimit(.minutes(6)))
struct HTTPBodyLimitTests {
  func get(_ server: LoopbackServer, limit: Int = CurlHTTPClient.defaultBodyLimit) async throws
    -> Result<AppInfrastructure.HTTPResponse, URLError>
  {
    try await outcome(
      of: CurlHTTPClient(timeout: 30, bodyLimit: limit).get(
        server.baseURL.appendingPathComponent("x"), headers: [:]))
  }

  @Test("a gzip body that inflates past the limit fails, though its wire size is under it")
  func gzipBomb() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.gzipBombResponse() }
    let result = try await get(server)
    await server.stop()
    #expect(HostileBodies.gzipBomb.count < CurlHTTPClient.defaultBodyLimit)
    #expect(result.failureCode == .dataLengthExceedsMaximum)
  }

  @Test("a plain body over the limit fails")
  func plainHuge() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.hugeResponse(megabytes: 8) }
    let result = try await get(server)
    await server.stop()
    #expect(result.failureCode == .dataLengthExceedsMaximum)
  }

  @Test("a body of exactly the limit is read whole; one byte more fails")
  func boundary() async throws {
    let server = try await LoopbackServer { request in
      let size = request.path.hasSuffix("over") ? 1025 : 1024
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Data(repeating: 65, count: size))
    }
    let client = CurlHTTPClient(timeout: 30, bodyLimit: 1024)
    let exact = try await outcome(
      of: client.get(server.baseURL.appendingPathComponent("exact"), headers: [:]))
    let over = try await outcome(
      of: client.get(server.baseURL.appendingPathComponent("over"), headers: [:]))
    await server.stop()
    #expect((try? exact.get().body.count) == 1024)
    #expect(over.failureCode == .dataLengthExceedsMaximum)
  }

  @Test("a gzip body under the limit arrives inflated, with status and headers")
  func smallGzip() async throws {
    // "hello" gzipped (gzip -n).
    let hello = Data([
      0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9,
      0x07, 0x00, 0x86, 0xa6, 0x10, 0x36, 0x05, 0x00, 0x00, 0x00,
    ])
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(
        statusCode: .init(418, phrase: "Teapot"),
        headers: HTTPHeaders([HTTPHeader("Content-Encoding"): "gzip", HTTPHeader("X-Test"): "yes"]),
        body: hello)
    }
    let result = try await get(server)
    await server.stop()
    let response = try result.get()
    #expect(response.status == 418)
    #expect(String(decoding: response.body, as: UTF8.self) == "hello")
    #expect(response.headers["x-test"] == "yes")
  }
}

extension Result where Failure == URLError {
  var failureCode: URLError.Code? {
    if case .failure(let error) = self { return error.code }
    return nil
  }
}
