import AppEnvironment
import FlyingFox
import Foundation
import ViewModelKit

/// The web head's HTTP server (issue 40): the page of each app at `/<app>` (the first at `/`),
/// the script and the stylesheet, and one WebSocket per tab at `/socket?app=<name>`. Every
/// request needs the launch's token, from the address's `?token=` (which also sets the cookie
/// and redirects to the clean address) or from the cookie; a WebSocket upgrade also needs the
/// server's own `Origin`.
public struct WebServer: Sendable {
  public let access: WebAccess
  public let registry: AppRegistry
  /// Makes a tab's session for an app; nil when the app cannot start (the reason goes down
  /// the socket as an error).
  public let makeSession: @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  /// The longest the read-only page (scripts off) waits for an app to settle; `.never` waits
  /// for as long as it takes (a test, whose sessions settle for certain).
  public let settleLimit: DispatchTimeInterval

  public init(
    access: WebAccess, registry: AppRegistry, settleLimit: DispatchTimeInterval = .seconds(3),
    makeSession: @escaping @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  ) {
    self.access = access
    self.registry = registry
    self.settleLimit = settleLimit
    self.makeSession = makeSession
  }

  /// The most a request's address and headers may hold: a page's request is about 1 KiB.
  static let requestLimit = 16_384

  /// The handler of every request.
  public func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
    let size =
      request.path.utf8.count
      + request.query.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
      + request.headers.reduce(0) { $0 + $1.key.rawValue.utf8.count + $1.value.utf8.count + 4 }
    guard size <= Self.requestLimit else {
      return Self.plain(.requestHeaderFieldsTooLarge, "A request may hold at most 16 KiB.")
    }
    guard request.method == .GET || request.method == .HEAD else {
      return Self.plain(.methodNotAllowed, "Only GET is served.")
    }
    let path = request.path
    if access.tokenInQuery(request.query["token"]) {
      // Taken once from the address: kept in the cookie, and the page goes on to the clean
      // address from itself. Not a 303: a SameSite=Strict cookie set on a navigation that came
      // from elsewhere (the page `--open` opens, a link in another site) is not sent on the
      // redirect that follows; a navigation the server's own page starts carries it.
      let clean = WebPage.escape(path)
      var response = HTTPResponse(
        statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"],
        body: Data(
          """
          <!doctype html><html lang="en"><meta charset="utf-8">\
          <meta http-equiv="refresh" content="0; url=\(clean)">\
          <title>HeadlessMVVM</title><p><a href="\(clean)">Continue</a></p></html>

          """.utf8))
      response.headers[HTTPHeader("Set-Cookie")] = access.cookie
      return Self.secured(response)
    }
    guard access.cookieAllows(request.headers[HTTPHeader("Cookie")]) else {
      return Self.plain(
        .unauthorized, "Open the address `web` printed, with its token, to use this server.")
    }
    switch path {
    case let asset where asset.hasPrefix("/static/"):
      return Self.asset(String(asset.dropFirst("/static/".count)))
    case "/socket": return try await socket(request)
    case "/favicon.ico": return Self.secured(HTTPResponse(statusCode: .noContent, body: Data()))
    default: break
    }
    let name = path == "/" ? registry.apps.first?.name : String(path.dropFirst())
    guard let name, let app = registry.app(named: name) else {
      return Self.plain(.notFound, "No app is called \(path.dropFirst()).")
    }
    let page =
      request.query["view"] == "read-only"
      ? await WebReadOnlyPage.html(
        app: app, registry: registry, settleLimit: settleLimit, makeSession: makeSession)
      : WebPage.html(app: app, registry: registry)
    return Self.secured(
      HTTPResponse(
        statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"],
        body: Data(page.utf8)))
  }

  private func socket(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard access.originAllows(request.headers[HTTPHeader("Origin")]) else {
      return Self.plain(.forbidden, "A socket may be opened only from this server's own pages.")
    }
    guard let name = request.query["app"], let app = registry.app(named: name) else {
      return Self.plain(.notFound, "No such app.")
    }
    let handler = WebSocketHTTPHandler(
      handler: MessageFrameWSHandler(handler: TabSocket(app: app, makeSession: makeSession)))
    return try await handler.handleRequest(request)
  }

  /// The page's scripts, in the order the page loads them: the drawing helpers, the pages,
  /// then the socket (which draws with them).
  static let scripts = [
    "dom.js", "todo.js", "weather.js", "checkout.js", "tweets.js", "app.js",
  ]

  /// The page's files, by name, with their types: nothing else is served from disk.
  static let assets: [String: String] = Dictionary(
    uniqueKeysWithValues: scripts.map { ($0, "text/javascript; charset=utf-8") }
      + [("style.css", "text/css; charset=utf-8")])

  static func asset(_ name: String) -> HTTPResponse {
    guard let type = assets[name] else { return plain(.notFound, "No such file.") }
    guard
      let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources")
        ?? Bundle.module.url(forResource: name, withExtension: nil),
      let data = try? Data(contentsOf: url)
    else { return plain(.internalServerError, "The \(name) asset is missing.") }
    return secured(HTTPResponse(statusCode: .ok, headers: [.contentType: type], body: data))
  }

  static func plain(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
    secured(
      HTTPResponse(
        statusCode: status, headers: [.contentType: "text/plain; charset=utf-8"],
        body: Data((text + "\n").utf8)))
  }

  static func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    for (name, value) in WebAccess.headers { response.headers[HTTPHeader(name)] = value }
    return response
  }
}

/// One tab's socket: its messages in, the session's out.
struct TabSocket: WSMessageHandler {
  let app: RegisteredApp
  let makeSession: @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable

  func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
    let (out, continuation) = AsyncStream<WSMessage>.makeStream()
    let send: @Sendable (String) -> Void = { continuation.yield(.text($0)) }
    let (app, makeSession) = (app, makeSession)
    Task {
      let connection = await MainActor.run { () -> WebConnection? in
        do {
          return WebConnection(app: app.name, session: try makeSession(app), send: send)
        } catch {
          let reason = (error as? ConfigurationError)?.message ?? "\(error)"
          send((try? WireFormat.text(ServerMessage.error(reason))) ?? "")
          return nil
        }
      }
      for await message in client {
        guard let connection else { continue }
        switch message {
        case .text(let text): await connection.receive(text)
        case .data: await connection.receiveBinary()
        case .close: break
        }
      }
      await connection?.close()
      continuation.finish()
    }
    return out
  }
}
