import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback port that refuses every connection: bound but never listening, and kept bound
/// while the test runs, so no server started meanwhile by another test can take the port
/// (a stopped server's port can be handed to the next server that binds port 0).
public final class ClosedPort: Sendable {
  private let descriptor: Int32
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  public init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw LoopbackError.noPort("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw LoopbackError.noPort("bind failed")
    }
    self.descriptor = descriptor
    baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
  }

  deinit { close(descriptor) }
}
