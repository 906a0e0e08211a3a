import AppEnvironment
import Foundation
import ViewModelKit

/// The web head's routes (issue 40), apart from any transport: the page of each app at
/// `/<app>` (the first at `/`), the scripts and the stylesheet, the token check the page makes
/// before it (re)connects (`/token-check`, answered 204 or 401), the read-only page, and the
/// rules for a tab's socket at `/socket?app=<name>` (`WebListener` carries it). Pages and
/// scripts hold no data and are served to anyone who names this server as its `Host`; the
/// socket and the read-only page need the launch's token (`WebAccess`).
public struct WebServer: Sendable {
  public let access: WebAccess
  public let registry: AppRegistry
  /// Makes a tab's session for an app; nil when the app cannot start (the reason goes down
  /// the socket as an error).
  public let makeSession: @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  /// The longest the read-only page (scripts off) waits for an app to settle; `.never` waits
  /// for as long as it takes (a test, whose sessions settle for certain).
  public let settleLimit: DispatchTimeInterval

  /// The page's scripts, in the order the page loads them: the helpers, each registered app's
  /// page script (read from the apps, not listed here), then the socket. Found once, here.
  let scripts: [WebPageScript]
  /// The stylesheet, found once.
  let stylesheet = WebPageScript.bundled("style.css")

  public init(
    access: WebAccess, registry: AppRegistry, settleLimit: DispatchTimeInterval = .seconds(3),
    makeSession: @escaping @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  ) {
    self.access = access
    self.registry = registry
    self.settleLimit = settleLimit
    self.makeSession = makeSession
    let pages = registry.apps.compactMap {
      ($0.sessionType as? any WebPresentable.Type)?.pageScript
    }
    scripts = Self.helpers.map(WebPageScript.bundled) + pages + [.bundled(Self.socketScript)]
  }

  /// The answer to every request but a socket's upgrade.
  public func handle(_ request: WebRequest) async -> WebResponse {
    switch route(request) {
    case .answer(let response): return response
    case .readOnly(let app):
      return Self.html(
        await WebReadOnlyPage.html(
          app: app, registry: registry, token: access.token, settleLimit: settleLimit,
          makeSession: makeSession))
    }
  }

  /// Where a request goes: an answer made at once (everything but the read-only page, with no
  /// wait on any session or actor), or the read-only page of an app.
  public enum Route: Sendable {
    case answer(WebResponse)
    case readOnly(RegisteredApp)
  }

  /// The route of `request`, decided at once.
  public func route(_ request: WebRequest) -> Route {
    if let refusal = refusal(of: request) { return .answer(refusal) }
    let path = request.path
    switch path {
    case let asset where asset.hasPrefix("/static/"):
      return .answer(self.asset(String(asset.dropFirst("/static/".count))))
    case "/socket":
      return .answer(
        socketRefusal(request) ?? Self.plain(426, "Open this address as a WebSocket."))
    case "/token-check":
      return .answer(
        access.allows(authorization: request.headers["authorization"])
          ? Self.secured(WebResponse(status: 204))
          : Self.plain(401, "That is not this launch's token."))
    case "/favicon.ico": return .answer(Self.secured(WebResponse(status: 204)))
    default: break
    }
    let name = path == "/" ? registry.apps.first?.name : String(path.dropFirst())
    guard let name, let app = registry.app(named: name) else {
      return .answer(Self.plain(404, "No app is called \(path.dropFirst())."))
    }
    guard request.query["view"] == "read-only" else {
      return .answer(
        Self.html(WebPage.html(app: app, registry: registry, scripts: scripts.map(\.name))))
    }
    guard access.allows(token: request.query["token"]) else {
      return .answer(Self.html(WebPage.tokenForm(app: app, registry: registry), status: 401))
    }
    return .readOnly(app)
  }

  /// What refuses a request before its path is read: a `Host` not this server's, too much
  /// address and headers, a method other than GET or HEAD.
  func refusal(of request: WebRequest) -> WebResponse? {
    let size =
      request.path.utf8.count
      + request.query.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
      + request.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
    guard size <= WebLimits().header else {
      return Self.plain(431, "A request may hold at most 16 KiB.")
    }
    guard access.hostAllows(request.headers["host"]) else {
      return Self.plain(421, "This server answers only to its own address.")
    }
    guard request.method == "GET" || request.method == "HEAD" else {
      return Self.plain(405, "Only GET is served.")
    }
    return nil
  }

  /// Why a socket upgrade is refused (nil: it may go ahead): the request's own faults, an
  /// `Origin` not this server's, no token or the wrong one, an unknown app.
  public func socketRefusal(_ request: WebRequest) -> WebResponse? {
    if let refusal = refusal(of: request) { return refusal }
    guard access.originAllows(request.headers["origin"]) else {
      return Self.plain(403, "A socket may be opened only from this server's own pages.")
    }
    guard access.allows(socketProtocols: request.headers["sec-websocket-protocol"]) else {
      return Self.plain(401, "That is not this launch's token.")
    }
    guard let name = request.query["app"], registry.app(named: name) != nil else {
      return Self.plain(404, "No such app.")
    }
    return nil
  }

  /// The head's own scripts before the apps' pages: the drawing, focus and history helpers.
  static let helpers = ["dom.js", "focus.js", "history.js"]
  /// The head's script after the pages: the socket, which draws with them.
  static let socketScript = "app.js"

  /// The page's file `name`, with its type: the scripts and the stylesheet, nothing else.
  func asset(_ name: String) -> WebResponse {
    let file: (url: URL?, type: String)
    if name == "style.css" {
      file = (stylesheet.url, "text/css; charset=utf-8")
    } else if let script = scripts.first(where: { $0.name == name }) {
      file = (script.url, "text/javascript; charset=utf-8")
    } else {
      return Self.plain(404, "No such file.")
    }
    guard let url = file.url, let data = try? Data(contentsOf: url) else {
      return Self.plain(500, "The \(name) asset is missing.")
    }
    return Self.secured(
      WebResponse(status: 200, headers: [("Content-Type", file.type)], body: Array(data)))
  }

  static func html(_ page: String, status: Int = 200) -> WebResponse {
    secured(
      WebResponse(
        status: status, headers: [("Content-Type", "text/html; charset=utf-8")],
        body: Array(page.utf8)))
  }

  static func plain(_ status: Int, _ text: String) -> WebResponse {
    secured(
      WebResponse(
        status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
        body: Array((text + "\n").utf8)))
  }

  static func secured(_ response: WebResponse) -> WebResponse {
    var response = response
    response.headers += WebAccess.headers
    return response
  }
}
