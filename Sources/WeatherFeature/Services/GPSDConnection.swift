import Foundation
import ViewModelKit

/// One session with gpsd over TCP, run on a background queue: connect (5 s at most), send
/// `?WATCH={"enable":true,"json":true}`, then read lines until stopped, handing each position
/// report on. The first line must be gpsd's `VERSION` greeting, or the peer is not gpsd.
final class GPSDConnection: Sendable {
  /// Seconds to wait for the connection.
  static let connectTimeout = 5.0
  /// How often a blocked read looks whether the session was stopped, in milliseconds.
  static let stopCheckInterval: Int32 = 200

  let address: GPSDAddress
  private let stopped = Locked(false)

  init(address: GPSDAddress) { self.address = address }

  /// Ends the session at its next read, from any thread.
  func stop() { stopped.withLock { $0 = true } }

  private var isStopped: Bool { stopped.withLock { $0 } }

  /// Runs the session to its end; `fix` gets each usable fix. Answers nil when gpsd closed the
  /// connection or the session was stopped, else why it failed.
  func run(_ fix: (LocationFix) -> Void) -> LocationError? {
    guard let socket = connect() else { return .unavailable }
    defer { close(socket) }
    let watch = Array(#"?WATCH={"enable":true,"json":true}"#.utf8) + [10]
    guard write(socket, watch, watch.count) == watch.count else { return .unavailable }
    var pending: [UInt8] = []
    var greeted = false
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !isStopped {
      var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Self.stopCheckInterval)
      if ready == 0 || (ready < 0 && errno == EINTR) { continue }
      guard ready > 0 else { return .unavailable }
      let count = read(socket, &chunk, chunk.count)
      if count == 0 { return nil }
      if count < 0 {
        if errno == EAGAIN || errno == EINTR { continue }
        return .unavailable
      }
      pending.append(contentsOf: chunk[0..<count])
      while let newline = pending.firstIndex(of: 10) {
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        let report = GPSDReport(line: line)
        if !greeted {
          guard report == .version else { return .unavailable }
          greeted = true
        } else if case .fix(let value)? = report {
          fix(value)
        }
      }
      guard pending.count <= GPSDReport.maxLineLength else { return .unavailable }
    }
    return nil
  }

  /// A connected, non-blocking socket to gpsd, or nil.
  private func connect() -> Int32? {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(address.host, String(address.port), &hints, &found) == 0 else { return nil }
    defer { freeaddrinfo(found) }
    var candidate = found
    while let entry = candidate?.pointee {
      candidate = entry.ai_next
      // Close-on-exec: a process started meanwhile must not inherit the socket, or closing it
      // here would not end the session for gpsd.
      let socket = Glibc.socket(
        entry.ai_family, entry.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), entry.ai_protocol)
      guard socket >= 0 else { continue }
      _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
      if Glibc.connect(socket, entry.ai_addr, entry.ai_addrlen) == 0 || waitForConnection(socket) {
        return socket
      }
      close(socket)
    }
    return nil
  }

  /// Whether a connection in progress on `socket` completes in time.
  private func waitForConnection(_ socket: Int32) -> Bool {
    guard errno == EINPROGRESS else { return false }
    var poller = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
    guard poll(&poller, 1, Int32(Self.connectTimeout * 1000)) == 1 else { return false }
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return false }
    return failure == 0
  }
}
