import Foundation
import NIOCore

/// Every resource one client of the web server can hold, bounded (issue 51, item 1;
/// Docs/Security.md lists the values). Other local processes reach the port too, with or
/// without the token: none of these needs the token to apply.
public struct WebLimits: Sendable {
  /// Open connections at once, sockets with a tab's session included. At the cap a new
  /// connection closes the oldest one that holds no session and serves no request (or, if
  /// every connection is busy, the new one is closed).
  public var connections: Int
  /// Tabs (WebSocket sessions) at once; one more is answered 503.
  public var sessions: Int
  /// The most a request's line and headers may hold, counted as the bytes arrive: one more
  /// byte is answered 431 and the connection closed.
  public var header: Int
  /// How long a request's line and headers may take from their first byte.
  public var headerDeadline: Duration
  /// How long a connection without a session may wait for a request.
  public var idleDeadline: Duration
  /// The most one WebSocket message may hold, refused from a frame's length before any of it
  /// is kept.
  public var frame: Int
  /// The most a tab's socket may have written and not yet taken by the client: a client that
  /// does not read is dropped when it is passed.
  public var output: Int
  /// The kernel's send buffer of each connection, in bytes (Linux doubles it for its own
  /// book-keeping): what a client that does not read holds of the server's memory besides
  /// `output`.
  public var sendBuffer: Int
  /// How often a tab's socket is pinged, and how long it may be silent before it is closed.
  public var pingInterval: Duration
  public var silenceDeadline: Duration
  /// Messages from one tab read and not yet handled: past it the socket is not read until the
  /// session catches up.
  public var inputsInFlight: Int

  public init(
    connections: Int = 256, sessions: Int = 32, header: Int = 16_384,
    headerDeadline: Duration = .seconds(5), idleDeadline: Duration = .seconds(10),
    frame: Int = 65_536, output: Int = 8 << 20, sendBuffer: Int = 256 << 10,
    pingInterval: Duration = .seconds(20),
    silenceDeadline: Duration = .seconds(60), inputsInFlight: Int = 64
  ) {
    self.connections = connections
    self.sessions = sessions
    self.header = header
    self.headerDeadline = headerDeadline
    self.idleDeadline = idleDeadline
    self.frame = frame
    self.output = output
    self.sendBuffer = sendBuffer
    self.pingInterval = pingInterval
    self.silenceDeadline = silenceDeadline
    self.inputsInFlight = inputsInFlight
  }

  /// The defaults, with the connection and session caps lowered to fit the process's open
  /// file limit: a connection is one descriptor, a session up to four more (its stores), and
  /// 64 stay for everything else.
  public static func fitted(toOpenFiles limit: Int) -> WebLimits {
    var limits = WebLimits()
    let spare = max(limit - 64, 8)
    limits.sessions = max(1, min(limits.sessions, spare / 10))
    limits.connections = max(2, min(limits.connections, spare - limits.sessions * 4))
    return limits
  }

  /// The process's soft open file limit.
  public static var openFileLimit: Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    return Int(clamping: min(limit.rlim_cur, 1 << 20))
  }
}

extension Duration {
  /// The span in NIO's unit, for its timers.
  var timeAmount: TimeAmount {
    let (seconds, attoseconds) = components
    return .nanoseconds(
      seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds
        / 1_000_000_000)
  }
}
