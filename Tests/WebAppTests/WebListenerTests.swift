import AppEnvironment
import Foundation
import LoopbackSupport
import Testing
import TodoFeature

@testable import WebApp

/// The server against hostile local clients on loopback (issue 51, items 1 and 8): each bound
/// of `WebLimits` is met by a client aimed at it, and a user's request still answers after.
@Suite("Web: a server no local process can stop or stall (issue 51)")
struct WebListenerTests {
  static let token = String(repeating: "5e", count: 32)

  /// A listener on a free port with `limits`, serving todo sessions on the fixture.
  func listener(_ limits: WebLimits) async throws -> WebListener {
    try await WebListener(host: "127.0.0.1", port: 0, limits: limits) { port in
      WebServer(
        access: WebAccess(token: Self.token, host: "127.0.0.1", port: port), registry: .standard
      ) {
        _ in
        let service = try FixtureTaskService.make(clock: {
          Date(timeIntervalSince1970: 1_800_000_000)
        })
        return TodoSession(service: service, scheduler: .immediate)
      }
    }
  }

  /// Whether a user with the token is answered now.
  func userIsServed(_ port: Int) async throws -> Bool {
    try await offPool {
      let client = try RawClient(port: port)
      client.send(
        "GET /token-check HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(Self.token)\r\n\r\n"
      )
      return client.statusLine() == "HTTP/1.1 204 No Content"
    }
  }

  /// A new connection asking to be a todo tab: the client, and the status line of the answer.
  func openTab(
    _ port: Int, token: String = Self.token, origin: String? = nil, receiveBuffer: Int32? = nil
  ) async throws -> (client: RawClient, status: String) {
    let client = try RawClient(port: port, receiveBuffer: receiveBuffer)
    let status = try await offPool {
      client.upgrade(app: "todo", port: port, token: token, origin: origin)
    }
    return (client, status)
  }

  @Test("at the connection cap the oldest idle connection makes room: users are still served")
  func connectionCap() async throws {
    let server = try await listener(WebLimits(connections: 8, sessions: 2))
    defer { Task { await server.shutdown() } }
    var idle: [RawClient] = []
    for _ in 0..<40 { idle.append(try RawClient(port: server.port)) }
    #expect(try await userIsServed(server.port))
    #expect(await eventually { server.book.counts.connections <= 8 })
    #expect(idle[0].closedByServer())
  }

  @Test("a request's headers must come within the header deadline; an idle connection is closed")
  func deadlines() async throws {
    let server = try await listener(
      WebLimits(headerDeadline: .milliseconds(300), idleDeadline: .milliseconds(300)))
    defer { Task { await server.shutdown() } }
    let idle = try RawClient(port: server.port)
    let slow = try RawClient(port: server.port)
    slow.send("GET /todo HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n")
    // A header line every 50 ms, each well within any idle limit: the whole head is late.
    let dripping = DispatchSource.makeTimerSource(queue: .global())
    dripping.schedule(deadline: .now(), repeating: .milliseconds(50))
    dripping.setEventHandler { slow.send("X-Slow: 1\r\n") }
    dripping.resume()
    #expect((try await offPool { slow.statusLine() }) == "HTTP/1.1 408 Request Timeout")
    dripping.cancel()
    #expect((try await offPool { idle.closedByServer() }))
    #expect(try await userIsServed(server.port))
  }

  @Test("a head over 16 KiB is refused as it arrives (431), before it ends")
  func longHeader() async throws {
    let server = try await listener(WebLimits())
    defer { Task { await server.shutdown() } }
    let client = try RawClient(port: server.port)
    // No end of line and no end of head: refused once 16 KiB have come.
    client.send("GET /todo HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nX-Long: ")
    client.send(String(repeating: "a", count: 20_000))
    #expect(
      (try await offPool { client.statusLine() }) == "HTTP/1.1 431 Request Header Fields Too Large")
    #expect(try await userIsServed(server.port))
  }

  @Test("a socket needs the token (a wrong one of the right length too) and this server's Origin")
  func socketAccess() async throws {
    let server = try await listener(WebLimits())
    defer { Task { await server.shutdown() } }
    let port = server.port
    for index in [0, 31, 63] {
      var wrong = Array(Self.token)
      wrong[index] = "0"
      #expect(try await openTab(port, token: String(wrong)).status == "HTTP/1.1 401 Unauthorized")
    }
    let foreign = try await openTab(port, origin: "http://127.0.0.1:1")
    #expect(foreign.status == "HTTP/1.1 403 Forbidden")
    #expect(try await openTab(port).status == "HTTP/1.1 101 Switching Protocols")
  }

  @Test("past the session cap a tab is answered 503; closing one makes room")
  func sessionCap() async throws {
    let server = try await listener(WebLimits(sessions: 2))
    defer { Task { await server.shutdown() } }
    let port = server.port
    var tabs: [RawClient] = []
    for _ in 0..<2 {
      let tab = try await openTab(port)
      #expect(tab.status == "HTTP/1.1 101 Switching Protocols")
      tabs.append(tab.client)
    }
    let third = try await openTab(port)
    #expect(third.status == "HTTP/1.1 503 Service Unavailable")
    tabs.removeFirst()
    #expect(await eventually { server.book.counts.sessions == 1 })
    let again = try await openTab(port)
    #expect(again.status == "HTTP/1.1 101 Switching Protocols")
  }

  @Test("a frame over the limit is refused from its length, before its bytes are kept")
  func hugeFrame() async throws {
    let server = try await listener(WebLimits())
    defer { Task { await server.shutdown() } }
    let (tab, status) = try await openTab(server.port)
    #expect(status == "HTTP/1.1 101 Switching Protocols")
    // A 500 MB text frame's header, and only a little of it.
    let length: UInt64 = 500_000_000
    let header: [UInt8] =
      [0x81, 0x80 | 127] + (0..<8).map { UInt8((length >> (56 - 8 * $0)) & 0xFF) }
    tab.send(header + [1, 2, 3, 4] + [UInt8](repeating: 0x61, count: 1_000))
    #expect((try await offPool { tab.closedByServer() }))
    #expect(try await userIsServed(server.port))
  }

  @Test("a tab that never reads is dropped once its unread output passes the limit")
  func neverReads() async throws {
    let server = try await listener(WebLimits(output: 32_768, sendBuffer: 4_096))
    defer { Task { await server.shutdown() } }
    let (tab, status) = try await openTab(server.port, receiveBuffer: 4_096)
    #expect(status == "HTTP/1.1 101 Switching Protocols")
    let book = server.book
    let sent = try await offPool {
      var sent = 0
      for index in 0..<20_000 {
        let filter = "\(index) " + String(repeating: "x", count: 200)
        let input = #"{"id":\#(index),"input":{"tasks":{"setFilter":{"text":"\#(filter)"}}}}"#
        guard tab.send(RawClient.frame(input)) else { break }
        sent += 1
        if book.counts.sessions == 0 { break }
      }
      return sent
    }
    #expect(await eventually { server.book.counts.sessions == 0 })
    #expect(sent < 20_000)
    #expect(try await userIsServed(server.port))
  }

  @Test("a second server on a port in use fails at once with portInUse")
  func portInUse() async throws {
    let first = try await listener(WebLimits())
    defer { Task { await first.shutdown() } }
    await #expect(throws: WebListenError.portInUse(first.port)) {
      _ = try await WebListener(host: "127.0.0.1", port: first.port, limits: WebLimits()) { port in
        WebServer(access: WebAccess(host: "127.0.0.1", port: port), registry: .standard) { _ in
          throw ConfigurationError.appCannotStart("unused")
        }
      }
    }
  }
}
