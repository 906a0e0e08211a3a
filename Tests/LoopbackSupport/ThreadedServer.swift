import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 that serves each connection on a thread of its
/// own, outside Swift's cooperative pool: for end-to-end tests, whose child processes must
/// get their answers even while the test process's pool is busy with other suites. Each
/// request gets `answer(path)` and the connection is closed.
public final class ThreadedServer: @unchecked Sendable {
  // `socket` is set in init and closed once in `stop`; `seen` is guarded by `lock`.
  public struct Answer: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
      self.status = status
      self.headers = headers
      self.body = body
    }
  }

  private let socket: Int32
  private let lock = NSLock()
  private var seen: [String] = []
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  /// The request targets (path and query) received so far, in order.
  public var requests: [String] { lock.withLock { seen } }

  public init(_ answer: @escaping @Sendable (_ target: String) -> Answer) throws {
    let (descriptor, baseURL) = try LoopbackSocket.bound(listening: true)
    socket = descriptor
    self.baseURL = baseURL
    LoopbackSocket.serveEachConnection(on: descriptor) { [self] in serve($0, answer) }
  }

  private func serve(_ connection: Int32, _ answer: (String) -> Answer) {
    defer { close(connection) }
    var head = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !head.ends(with: Array("\r\n\r\n".utf8)) && head.count < 65_536 {
      let count = read(connection, &buffer, buffer.count)
      if count <= 0 { return }
      head += buffer[0..<count]
    }
    let requestLine = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first ?? ""
    let parts = requestLine.split(separator: " ")
    let target = parts.count > 1 ? String(parts[1]) : "/"
    lock.withLock { seen.append(target) }
    let reply = answer(target)
    var text = "HTTP/1.1 \(reply.status) Status\r\nContent-Length: \(reply.body.count)\r\n"
    text += "Connection: close\r\n"
    for (name, value) in reply.headers { text += "\(name): \(value)\r\n" }
    let bytes = Array((text + "\r\n").utf8) + reply.body
    var sent = 0
    while sent < bytes.count {
      // MSG_NOSIGNAL: a client that hangs up early (a body limit) is no SIGPIPE here.
      let count = bytes[sent...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return }
      sent += count
    }
  }

  /// Stops listening.
  public func stop() {
    shutdown(socket, Int32(SHUT_RDWR))
    close(socket)
  }
}

extension Array where Element == UInt8 {
  fileprivate func ends(with suffix: [UInt8]) -> Bool {
    count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
  }
}
