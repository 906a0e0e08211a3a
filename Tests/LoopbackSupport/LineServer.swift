import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP server for line protocols (gpsd's): each connection, on a thread of its own,
/// reads the client's first line, writes the scripted lines, then either closes or, with
/// `staysOpen`, stalls until the client hangs up. It records what the clients sent and how
/// many of them have hung up.
public final class LineServer: @unchecked Sendable {
  // `socket` is set in init and closed once in `stop`; the records are guarded by `lock`.
  private let socket: Int32
  private let lock = NSLock()
  private var firstLines: [String] = []
  private var hangUps = 0
  /// The port it listens on, on 127.0.0.1.
  public let port: UInt16

  /// The first line each client sent, in order.
  public var received: [String] { lock.withLock { firstLines } }
  /// How many connections have ended (the server closed, or with `staysOpen` the client hung up).
  public var clientsGone: Int { lock.withLock { hangUps } }

  public init(lines: [String], staysOpen: Bool = false) throws {
    let (descriptor, baseURL) = try LoopbackSocket.bound(listening: true)
    socket = descriptor
    port = UInt16(baseURL.port ?? 0)
    Thread.detachNewThread { [self] in
      while true {
        let connection = accept(descriptor, nil, nil)
        if connection < 0 { return }
        Thread.detachNewThread { [self] in serve(connection, lines, staysOpen) }
      }
    }
  }

  private func serve(_ connection: Int32, _ lines: [String], _ staysOpen: Bool) {
    defer { close(connection) }
    var line = [UInt8]()
    var byte: UInt8 = 0
    while line.count < 65_536, read(connection, &byte, 1) == 1, byte != 10 { line.append(byte) }
    lock.withLock { firstLines.append(String(decoding: line, as: UTF8.self)) }
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { break }
      sent += count
    }
    if staysOpen {
      var buffer = [UInt8](repeating: 0, count: 256)
      while read(connection, &buffer, buffer.count) > 0 {}
    }
    lock.withLock { hangUps += 1 }
  }

  /// Stops listening.
  public func stop() {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}
