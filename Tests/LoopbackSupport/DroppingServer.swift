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
    let (descriptor, baseURL) = try LoopbackSocket.bound(listening: true)
    socket = descriptor
    self.baseURL = baseURL
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
