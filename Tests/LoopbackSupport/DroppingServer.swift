import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on 127.0.0.1 that accepts each connection, reads the request, and then
/// either closes the connection without a word (`holding` false: a dropped connection) or
/// never answers and notes when the client goes away (`holding` true).
public final class DroppingServer: @unchecked Sendable {
  // `socket` is set in init and closed once in `stop`; the accept thread only reads it.
  // `disconnects` is guarded by `lock`.
  private let socket: Int32
  private let lock = NSLock()
  private var disconnects = 0
  private var accepted = 0

  /// How many connections have been accepted (and their requests read).
  public var connections: Int { lock.withLock { accepted } }

  /// How many held connections the client has closed.
  public var clientDisconnects: Int { lock.withLock { disconnects } }
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  public init(holding: Bool = false) throws {
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
    Thread.detachNewThread { [descriptor, self] in
      while true {
        let connection = accept(descriptor, nil, nil)
        if connection < 0 { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = read(connection, &buffer, buffer.count)
        self.lock.withLock { self.accepted += 1 }
        if holding {
          Thread.detachNewThread {
            // Reads until the client closes its end.
            var rest = [UInt8](repeating: 0, count: 4096)
            while read(connection, &rest, rest.count) > 0 {}
            self.lock.withLock { self.disconnects += 1 }
            close(connection)
          }
        } else {
          close(connection)
        }
      }
    }
  }

  /// Stops listening.
  public func stop() {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}
