import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on 127.0.0.1 that accepts each connection, reads the request, and closes
/// the connection without a word: a server that drops the connection.
public final class DroppingServer: @unchecked Sendable {
  // `socket` is set in init and closed once in `stop`; the accept thread only reads it.
  private let socket: Int32
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  public init() throws {
    let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw LoopbackError.noPort("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 8) == 0 else {
      close(descriptor)
      throw LoopbackError.noPort("bind or listen failed")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    socket = descriptor
    baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
    Thread.detachNewThread { [descriptor] in
      while true {
        let connection = accept(descriptor, nil, nil)
        if connection < 0 { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(connection, &buffer, buffer.count)
        close(connection)
      }
    }
  }

  /// Stops listening.
  public func stop() {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}
