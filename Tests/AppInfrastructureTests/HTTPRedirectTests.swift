import FlyingFox
import Foundation
import LoopbackSupport
import Testing

@testable import AppInfrastructure

/// Issue 38, item 1: no body, credential or key goes to another origin by a redirect.
@Suite("CurlHTTPClient: redirects stay on their origin")
struct HTTPRedirectTests {
  static func redirect(_ status: Int, to location: String) -> FlyingFox.HTTPResponse {
    FlyingFox.HTTPResponse(
      statusCode: HTTPStatusCode(status, phrase: "Moved"),
      headers: [HTTPHeader("Location"): location], body: Data())
  }

  /// A server that records what reaches it and answers `ok`.
  static func recording(_ seen: Recorded) async throws -> LoopbackServer {
    try await LoopbackServer { request in
      let body = String(decoding: try await request.bodyData, as: UTF8.self)
      await seen.record("\(request.method.rawValue) \(request.target.path()) \(body)")
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Data("ok".utf8))
    }
  }

  @Test("a 307 on the same origin repeats the POST and its body; a 303 continues as a GET")
  func sameOrigin() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      let body = String(decoding: try await request.bodyData, as: UTF8.self)
      await seen.record("\(request.method.rawValue) \(request.target.path()) \(body)")
      switch request.target.path() {
      case "/a": return Self.redirect(307, to: "/b")
      case "/c": return Self.redirect(303, to: "/b")
      default: return FlyingFox.HTTPResponse(statusCode: .ok, body: Data("ok".utf8))
      }
    }
    let client = CurlHTTPClient(timeout: 120)
    for path in ["a", "c"] {
      let request = HTTPRequest(
        method: "POST", url: server.baseURL.appendingPathComponent(path), body: Data("x=1".utf8))
      let result = try await outcome(of: client.send(request))
      #expect((try? result.get())?.status == 200)
    }
    await server.stop()
    #expect(await seen.values == ["POST /a x=1", "POST /b x=1", "POST /c x=1", "GET /b "])
  }

  @Test(
    "a redirect to another port is not followed: its answer is the answer, the other host sees nothing",
    arguments: [301, 302, 303, 307, 308])
  func otherOrigin(status: Int) async throws {
    let stranger = Recorded()
    let other = try await Self.recording(stranger)
    let target = other.baseURL.appendingPathComponent("accounts").absoluteString
    let server = try await LoopbackServer { _ in Self.redirect(status, to: target + "?appid=k") }
    let request = HTTPRequest(
      method: "POST", url: server.baseURL.appendingPathComponent("accounts"),
      body: Data("password=secret".utf8))
    let result = try await outcome(of: CurlHTTPClient(timeout: 120).send(request))
    await server.stop()
    await other.stop()
    #expect((try? result.get())?.status == status)
    #expect(await stranger.values.isEmpty)
  }

  @Test("a request that follows no redirect gets the 3xx even on its own origin")
  func none() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      await seen.record(request.target.path())
      return request.target.path() == "/a"
        ? Self.redirect(308, to: "/b") : FlyingFox.HTTPResponse(statusCode: .ok)
    }
    let request = HTTPRequest(url: server.baseURL.appendingPathComponent("a"), redirects: .none)
    let result = try await outcome(of: CurlHTTPClient(timeout: 120).send(request))
    await server.stop()
    #expect((try? result.get())?.status == 308)
    #expect(await seen.values == ["/a"])
  }

  @Test("a loop of redirects ends after five hops with httpTooManyRedirects")
  func loop() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      await seen.record(request.target.path())
      return Self.redirect(302, to: "/again")
    }
    let result = try await outcome(
      of: CurlHTTPClient(timeout: 120).get(server.baseURL.appendingPathComponent("x"), headers: [:])
    )
    await server.stop()
    #expect(result.failureCode == .httpTooManyRedirects)
    #expect(await seen.values.count == RedirectRule.maximumHops + 1)
  }

  @Test("origins: scheme, host and port, with the scheme's default port")
  func origins() throws {
    func url(_ text: String) throws -> URL { try #require(URL(string: text)) }
    #expect(
      RedirectRule.sameOrigin(try url("http://a.example/x"), try url("http://A.example:80/y")))
    #expect(
      RedirectRule.sameOrigin(try url("https://a.example/x"), try url("https://a.example:443/")))
    #expect(!RedirectRule.sameOrigin(try url("https://a.example/x"), try url("http://a.example/x")))
    // Issue 51, item 8: the scheme alone differs, at equal ports: another origin.
    #expect(
      !RedirectRule.sameOrigin(
        try url("https://a.example:8443/x"), try url("http://a.example:8443/x")))
    let get = HTTPRequest(method: "GET", url: try url("https://a.example:8443/x"))
    let moved = HTTPResponse(status: 302, body: Data())
    #expect(RedirectRule.follow(get, answer: moved, location: "http://a.example:8443/x") == nil)
    #expect(!RedirectRule.sameOrigin(try url("http://a.example/x"), try url("http://b.example/x")))
    #expect(
      !RedirectRule.sameOrigin(try url("http://a.example:8080/"), try url("http://a.example/")))
    let post = HTTPRequest(
      method: "POST", url: try url("https://a.example/x"), body: Data("s".utf8))
    let answer = HTTPResponse(status: 308, body: Data())
    #expect(RedirectRule.follow(post, answer: answer, location: "http://a.example/x") == nil)
    #expect(
      RedirectRule.follow(post, answer: answer, location: "https://a.example/y")?.body == post.body)
  }
}
