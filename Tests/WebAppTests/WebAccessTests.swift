import AppEnvironment
import FlyingFox
import Foundation
import Testing

@testable import WebApp

@Suite("Web: who may use the server (issue 40, item 4)")
struct WebAccessTests {
  let access = WebAccess(token: String(repeating: "ab", count: 32), host: "127.0.0.1", port: 8080)

  func request(
    _ path: String, query: [HTTPRequest.QueryItem] = [], headers: [HTTPHeader: String] = [:]
  ) -> HTTPRequest {
    HTTPRequest(
      method: .GET, version: .http11, path: path, query: query, headers: HTTPHeaders(headers),
      body: HTTPBodySequence(data: Data()))
  }

  var server: WebServer {
    WebServer(access: access, registry: .standard) { _ in
      throw ConfigurationError.appCannotStart("no session in this test")
    }
  }

  @Test("a random token per launch: 64 hex digits, never the same twice")
  func token() {
    let (first, second) = (WebAccess.randomToken(), WebAccess.randomToken())
    #expect(first.count == 64 && first.allSatisfy(\.isHexDigit) && first != second)
  }

  @Test("a request without token or cookie is 401, not a redirect to a login")
  func unauthorized() async throws {
    for path in ["/", "/todo", "/static/app.js", "/socket"] {
      let response = try await server.handle(request(path))
      #expect(response.statusCode == .unauthorized, "\(path)")
    }
    let wrong = try await server.handle(
      request("/todo", headers: [HTTPHeader("Cookie"): "headless_token=00"]))
    #expect(wrong.statusCode == .unauthorized)
  }

  @Test(
    "the token is taken once from the address: an HttpOnly, SameSite=Strict cookie, then the clean address"
  )
  func tokenToCookie() async throws {
    let response = try await server.handle(
      request("/todo", query: [.init(name: "token", value: access.token)]))
    #expect(response.statusCode == .ok)
    let intake = String(decoding: try await response.bodyData, as: UTF8.self)
    #expect(intake.contains(#"<meta http-equiv="refresh" content="0; url=/todo">"#))
    #expect(!intake.contains(access.token))
    let cookie = response.headers[HTTPHeader("Set-Cookie")] ?? ""
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
    let page = try await server.handle(
      request("/todo", headers: [HTTPHeader("Cookie"): "a=b; headless_token=\(access.token)"]))
    #expect(page.statusCode == .ok)
    #expect(
      page.headers[HTTPHeader("Content-Security-Policy")]?.contains("script-src 'self'") == true)
    let body = String(decoding: try await page.bodyData, as: UTF8.self)
    #expect(body.contains(#"data-app="todo""#) && !body.contains("<script>"))
  }

  @Test("a socket upgrade from another origin is refused, whatever the cookie")
  func origin() async throws {
    let cookie = "headless_token=\(access.token)"
    for origin in ["http://evil.example", "http://127.0.0.1:8081", "null"] {
      let response = try await server.handle(
        request(
          "/socket", query: [.init(name: "app", value: "todo")],
          headers: [HTTPHeader("Cookie"): cookie, HTTPHeader("Origin"): origin]))
      #expect(response.statusCode == .forbidden, "\(origin)")
    }
    #expect(
      access.originAllows("http://127.0.0.1:8080") && access.originAllows("http://localhost:8080"))
  }

  @Test("only GET and HEAD are served; an unknown app is 404")
  func methodsAndPaths() async throws {
    var post = request("/todo", headers: [HTTPHeader("Cookie"): "headless_token=\(access.token)"])
    post.method = .POST
    #expect(try await server.handle(post).statusCode == .methodNotAllowed)
    let unknown = try await server.handle(
      request("/nothing", headers: [HTTPHeader("Cookie"): "headless_token=\(access.token)"]))
    #expect(unknown.statusCode == .notFound)
  }

  @Test("page text is escaped")
  func escaping() {
    #expect(WebPage.escape(#"<b a="1">&'"#) == "&lt;b a=&quot;1&quot;&gt;&amp;&#39;")
  }

  @Test("a request over 16 KiB of address and headers is refused (431), token or not")
  func requestLimit() async throws {
    let cookie = "headless_token=\(access.token)"
    let big = try await server.handle(
      request(
        "/todo",
        headers: [
          HTTPHeader("Cookie"): cookie,
          HTTPHeader("X-Padding"): String(repeating: "x", count: 20_000),
        ]))
    #expect(big.statusCode == .requestHeaderFieldsTooLarge)
    let long = try await server.handle(
      request("/" + String(repeating: "a", count: 17_000), headers: [HTTPHeader("Cookie"): cookie]))
    #expect(long.statusCode == .requestHeaderFieldsTooLarge)
    let fine = try await server.handle(request("/todo", headers: [HTTPHeader("Cookie"): cookie]))
    #expect(fine.statusCode == .ok)
  }
}
