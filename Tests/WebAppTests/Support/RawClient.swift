import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A hostile local client of the web server, on a plain socket: it sends what it likes, as
/// slowly as it likes, and reads (or does not). Every read gives up after 60 s (a hang, not a slow machine), so a test that
/// waits on the server cannot hang.
final class RawClient: Sendable {
  let descriptor: Int32

  /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks the socket's receive buffer first.
  init(port: Int, receiveBuffer: Int32? = nil) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw RawClientError.failed("socket") }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    if var size = receiveBuffer {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(descriptor)
      throw RawClientError.failed("connect")
    }
  }

  deinit { close(descriptor) }

  /// Sends `bytes`; false when the server has closed the connection.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent <= 0 { return false }
      offset += sent
    }
    return true
  }

  @discardableResult
  func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Up to `count` bytes; empty when the server closed the connection (or after 60 s).
  func receive(_ count: Int = 65_536) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
    return read > 0 ? Array(buffer[..<read]) : []
  }

  /// Reads until the server closes the connection (or 60 s pass with nothing): true when it
  /// closed.
  func closedByServer() -> Bool {
    while true {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, 65_536, 0) }
      if read == 0 { return true }
      if read < 0 { return errno == ECONNRESET }
    }
  }

  /// The status line of the answer to what was sent.
  func statusLine() -> String {
    var received: [UInt8] = []
    while !received.contains(13) {
      let more = receive()
      if more.isEmpty { break }
      received += more
    }
    let text = String(decoding: received, as: UTF8.self)
    return text.components(separatedBy: "\r\n").first ?? ""
  }

  /// A WebSocket upgrade for `app` with `token` and `origin`; answers the status line.
  func upgrade(app: String, port: Int, token: String, origin: String? = nil) -> String {
    let origin = origin ?? "http://127.0.0.1:\(port)"
    send(
      "GET /socket?app=\(app) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: \(origin)\r\n"
        + "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        + "Sec-WebSocket-Protocol: headless, token.\(token)\r\n\r\n")
    var received: [UInt8] = []
    while String(decoding: received, as: UTF8.self).range(of: "\r\n\r\n") == nil {
      let more = receive(1)
      if more.isEmpty { break }
      received += more
    }
    return String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
  }

  /// A client's masked text frame.
  static func frame(_ text: String) -> [UInt8] {
    let payload = Array(text.utf8)
    var header: [UInt8] = [0x81]
    if payload.count < 126 {
      header.append(0x80 | UInt8(payload.count))
    } else {
      header += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    }
    let mask: [UInt8] = [1, 2, 3, 4]
    return header + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
  }
}

enum RawClientError: Error { case failed(String) }

/// Runs blocking socket work on a dispatch thread, never on Swift's cooperative pool: the
/// server's routes run on that pool, and a test blocked there would wait on itself.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
  }
}
