import AppEnvironment
import Foundation
import Testing

@testable import WebApp

@Suite("Web: who may use the server (issue 40, item 4; issue 51, items 3 and 8)")
struct WebAccessTests {
  let access = WebAccess(token: String(repeating: "ab", count: 32), host: "127.0.0.1", port: 8080)

  func request(
    _ path: String, query: [String: String] = [:], headers: [String: String] = [:]
  ) -> WebRequest {
    WebRequest(
      path: path, query: query, headers: ["Host": "127.0.0.1:8080"].merging(headers) { $1 })
  }

  var server: WebServer {
    WebServer(access: access, registry: .standard) { _ in
      throw ConfigurationError.appCannotStart("no session in this test")
    }
  }

  /// The launch's token with one character changed at `index`: the same length, so only the
  /// comparison of every character can refuse it.
  func wrongToken(at index: Int) -> String {
    var characters = Array(access.token)
    characters[index] = characters[index] == "a" ? "b" : "a"
    return String(characters)
  }

  var wrongTokens: [String] { [0, 31, 63].map(wrongToken(at:)) + ["", "ab", access.token + "a"] }

  @Test("a random token per launch: 64 hex digits, never the same twice")
  func token() {
    let (first, second) = (WebAccess.randomToken(), WebAccess.randomToken())
    #expect(first.count == 64 && first.allSatisfy(\.isHexDigit) && first != second)
  }

  @Test("a wrong token of the right length (first, middle or last character changed) opens nothing")
  func sameLengthTokens() async {
    #expect(access.allows(token: access.token))
    for wrong in wrongTokens {
      #expect(!access.allows(token: wrong), "\(wrong)")
      #expect(!access.allows(authorization: "Bearer \(wrong)"), "\(wrong)")
      #expect(!access.allows(socketProtocols: "headless, token.\(wrong)"), "\(wrong)")
      let check = await server.handle(
        request("/token-check", headers: ["Authorization": "Bearer \(wrong)"]))
      #expect(check.status == 401, "\(wrong)")
      let readOnly = await server.handle(
        request("/todo", query: ["view": "read-only", "token": wrong]))
      #expect(readOnly.status == 401 && !readOnly.text.contains("<dl>"), "\(wrong)")
      let socket = server.socketRefusal(
        request(
          "/socket", query: ["app": "todo"],
          headers: [
            "Origin": "http://127.0.0.1:8080", "Sec-WebSocket-Protocol": "headless, token.\(wrong)",
          ]))
      #expect(socket?.status == 401, "\(wrong)")
    }
    let right = await server.handle(
      request("/token-check", headers: ["Authorization": "Bearer \(access.token)"]))
    #expect(right.status == 204)
  }

  @Test("no cookie is ever set: a cookie for 127.0.0.1 would reach every local port")
  func noCookie() async {
    for path in ["/", "/todo", "/static/app.js", "/token-check", "/favicon.ico"] {
      let response = await server.handle(request(path, query: ["token": access.token]))
      #expect(response.header("Set-Cookie") == nil, "\(path)")
      #expect(!response.text.contains(access.token), "\(path)")
    }
  }

  @Test("pages and scripts hold no data and need no token; the page is the app's shell")
  func pagesWithoutToken() async {
    let page = await server.handle(request("/todo"))
    #expect(page.status == 200)
    #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
    #expect(page.text.contains(#"data-app="todo""#) && !page.text.contains("<script>"))
    #expect(await server.handle(request("/static/app.js")).status == 200)
  }

  @Test("issue 53, item 5: the page loads the helpers, each registered app's script, the socket")
  func scriptsFromTheRegistry() async throws {
    let page = await server.handle(request("/todo"))
    let sources = page.text.components(separatedBy: #"<script src="/static/"#).dropFirst()
      .compactMap { $0.split(separator: "\"").first.map(String.init) }
    #expect(
      sources == [
        "dom.js", "focus.js", "history.js", "weather.js", "tweets.js", "todo.js", "checkout.js",
        "app.js",
      ])
    let todoOnly = WebServer(
      access: access, registry: AppRegistry(AppRegistry.standard.apps.filter { $0.name == "todo" })
    ) { _ in throw ConfigurationError.appCannotStart("no session in this test") }
    #expect(!(await todoOnly.handle(request("/todo"))).text.contains("weather.js"))
    #expect(await todoOnly.handle(request("/static/weather.js")).status == 404)
    let script = await todoOnly.handle(request("/static/todo.js"))
    #expect(
      script.status == 200 && script.header("Content-Type")?.hasPrefix("text/javascript") == true)
  }

  @Test("the read-only page without the token asks for it, with a form that stays on this server")
  func readOnlyAsks() async {
    let page = await server.handle(request("/todo", query: ["view": "read-only"]))
    #expect(page.status == 401)
    #expect(page.text.contains(#"<form method="get" action="/todo">"#))
    #expect(page.text.contains(#"type="password""#))
  }

  @Test("no path leads off this server: // and \\ paths are not redirects, only unknown apps")
  func noRedirects() async {
    for path in ["//evil.example", "/\\evil.example", "/%2F%2Fevil.example"] {
      let response = await server.handle(request(path, query: ["token": access.token]))
      #expect(response.status == 404, "\(path)")
      #expect(response.header("Location") == nil && response.header("Refresh") == nil)
      #expect(!response.text.contains("http-equiv=\"refresh\""), "\(path)")
    }
    let parsed = WebRequest(method: "GET", target: "/%2F%2Fevil.example?token=T", headerLines: [])
    #expect(parsed.path == "///evil.example" && parsed.query["token"] == "T")
  }

  @Test("a socket upgrade needs this server's Origin and the token, whatever else it carries")
  func socketRules() {
    let offer = "headless, token.\(access.token)"
    for origin in [
      "http://evil.example", "http://127.0.0.1:8081", "null", "https://127.0.0.1:8080",
    ] {
      let refusal = server.socketRefusal(
        request(
          "/socket", query: ["app": "todo"],
          headers: ["Origin": origin, "Sec-WebSocket-Protocol": offer]))
      #expect(refusal?.status == 403, "\(origin)")
    }
    let missing = server.socketRefusal(
      request("/socket", query: ["app": "todo"], headers: ["Origin": "http://127.0.0.1:8080"]))
    #expect(missing?.status == 401)
    let fine = server.socketRefusal(
      request(
        "/socket", query: ["app": "todo"],
        headers: ["Origin": "http://localhost:8080", "Sec-WebSocket-Protocol": offer]))
    #expect(fine == nil)
  }

  @Test("a Host that is not this server's is refused (no DNS rebinding)")
  func host() async {
    let rebound = await server.handle(
      WebRequest(path: "/todo", headers: ["Host": "evil.example:8080"]))
    #expect(rebound.status == 421)
    let none = await server.handle(WebRequest(path: "/todo"))
    #expect(none.status == 421)
    #expect(access.hostAllows("localhost:8080") && access.hostAllows("[::1]:8080"))
  }

  @Test("only GET and HEAD are served; an unknown app is 404")
  func methodsAndPaths() async {
    var post = request("/todo")
    post.method = "POST"
    #expect(await server.handle(post).status == 405)
    #expect(await server.handle(request("/nothing")).status == 404)
  }

  @Test("page text is escaped")
  func escaping() {
    #expect(WebPage.escape(#"<b a="1">&'"#) == "&lt;b a=&quot;1&quot;&gt;&amp;&#39;")
  }

  @Test("a request over 16 KiB of address and headers is refused (431), token or not")
  func requestLimit() async {
    let big = await server.handle(
      request("/todo", headers: ["X-Padding": String(repeating: "x", count: 20_000)]))
    #expect(big.status == 431)
    let long = await server.handle(request("/" + String(repeating: "a", count: 17_000)))
    #expect(long.status == 431)
    #expect(await server.handle(request("/todo")).status == 200)
  }
}
