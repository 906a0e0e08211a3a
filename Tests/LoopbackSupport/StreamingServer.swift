import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A server on 127.0.0.1 for the transport's bounds: it reads a request, sends `head`, then
/// writes `chunk` over and over, `pause` seconds apart (0: as fast as the socket takes it),
/// until the client hangs up. It counts the body bytes it managed to send and notes the
/// hang-up, so a test sees whether and when a client stopped a transfer.
public final class StreamingServer: @unchecked Sendable {
  // `socket` is set in init and closed in `stop`; the counters are guarded by `lock`.
  private let socket: Int32
  private let lock = NSLock()
  private var sent = 0
  private var hangUps = 0
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  /// Body bytes written so far, over every connection.
  public var bytesSent: Int { lock.withLock { sent } }
  /// Connections whose client has gone away.
  public var clientHangUps: Int { lock.withLock { hangUps } }

  public init(head: String, chunk: Data, pause: TimeInterval = 0) throws {
    signal(SIGPIPE, SIG_IGN)
    let (descriptor, baseURL) = try LoopbackSocket.bound(listening: true)
    socket = descriptor
    self.baseURL = baseURL
    LoopbackSocket.serveEachConnection(on: descriptor) { [self] connection in
      serve(connection, head: Data(head.utf8), chunk: chunk, pause: pause)
    }
  }

  private func serve(_ connection: Int32, head: Data, chunk: Data, pause: TimeInterval) {
    defer { close(connection) }
    var buffer = [UInt8](repeating: 0, count: 65536)
    _ = read(connection, &buffer, buffer.count)
    guard writeAll(connection, head) else { return }
    if chunk.isEmpty {  // the head was the whole answer: wait for the client to go
      while read(connection, &buffer, buffer.count) > 0 {}
      lock.withLock { hangUps += 1 }
      return
    }
    while writeAll(connection, chunk) {
      lock.withLock { sent += chunk.count }
      if pause > 0, clientLeft(connection, within: pause) { break }
    }
    lock.withLock { hangUps += 1 }
  }

  /// Waits on the socket for up to `seconds` (the drip's pace, which the server keeps as a
  /// hostile server would); true when the client has closed its end meanwhile.
  private func clientLeft(_ connection: Int32, within seconds: TimeInterval) -> Bool {
    var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, Int32(seconds * 1000)) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(connection, &byte, 1, Int32(MSG_PEEK)) <= 0
  }

  private func writeAll(_ connection: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return true }  // nothing to send
      var offset = 0
      while offset < bytes.count {
        let count = send(connection, base + offset, bytes.count - offset, 0)
        if count <= 0 { return false }
        offset += count
      }
      return true
    }
  }

  /// Stops listening.
  public func stop() {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}
