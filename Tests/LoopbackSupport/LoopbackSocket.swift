import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP socket bound to a free port on 127.0.0.1, listening or not, for the thread-based
/// test servers.
enum LoopbackSocket {
  /// The socket and `http://127.0.0.1:<port>`.
  static func bound(listening: Bool) throws -> (descriptor: Int32, baseURL: URL) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw LoopbackError.noPort("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let ready = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 16) == 0)
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard ready else {
      close(descriptor)
      throw LoopbackError.noPort("bind or listen failed")
    }
    return (
      descriptor,
      (URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
        ?? URL(fileURLWithPath: "/"))
    )
  }

  /// Accepts connections on `descriptor` until it is closed, serving each on a thread of its
  /// own (outside Swift's cooperative pool): the accept loop of the thread-based servers.
  static func serveEachConnection(
    on descriptor: Int32, _ serve: @escaping @Sendable (_ connection: Int32) -> Void
  ) {
    Thread.detachNewThread {
      while true {
        let connection = accept(descriptor, nil, nil)
        if connection < 0 { return }
        Thread.detachNewThread { serve(connection) }
      }
    }
  }
}
