import AppEnvironment
import Foundation
import ViewModelKit

/// The page with scripts off (issue 40, item 3): the app's current state, read only. The app
/// page's `<noscript>` sends the browser here (`/<app>?view=read-only`); the server makes a
/// session as for a tab, waits until it is settled (at most `WebServer.settleLimit`, 3 s),
/// draws every screen's state in the wire form as plain HTML (a field's name, then its text;
/// lists as lists) and ends the session. The page reloads itself every 10 s, so it follows the
/// state without a script.
enum WebReadOnlyPage {
  /// The page of `app`'s state, or the reason the app could not start.
  static func html(
    app: RegisteredApp, registry: AppRegistry, token: String, settleLimit: DispatchTimeInterval,
    makeSession: @escaping @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  ) async -> String {
    let screens = await settledScreens(app: app, limit: settleLimit, makeSession: makeSession)
    let body: String
    switch screens {
    case .success(let screens):
      body = screens.map { name, tree in
        "<section aria-label=\"\(WebPage.escape(name))\">\(draw(tree))</section>"
      }.joined(separator: "\n")
    case .failure(let problem):
      body = "<p class=\"alert\">\(WebPage.escape(problem.reason))</p>"
    }
    return WebPage.document(
      app: app, registry: registry, head: #"<meta http-equiv="refresh" content="10">"#,
      main: """
        <h1>\(WebPage.escape(app.title))</h1>
        <p class="muted">Scripts are off: this is the app's state now, read only. It reloads \
        every 10 seconds; turn scripts on to use the app.</p>
        \(body)
        """,
      linkQuery: "?view=read-only&token=\(token)")
  }

  private struct CannotStart: Error { let reason: String }

  /// Each screen's name and state once the session is settled (or the limit has passed).
  @MainActor
  private static func settledScreens(
    app: RegisteredApp, limit: DispatchTimeInterval,
    makeSession: @MainActor @Sendable (RegisteredApp) throws -> any WebPresentable
  ) async -> Result<[(String, JSONTree)], CannotStart> {
    let session: any WebPresentable
    do {
      session = try makeSession(app)
    } catch {
      return .failure(CannotStart(reason: (error as? ConfigurationError)?.message ?? "\(error)"))
    }
    session.setActive(true)
    defer {
      session.setActive(false)
      session.shutdown()
    }
    var latest: [(name: String, state: WebStateValue)] = []
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var finished = false
      var watch: AnyCancellable?
      // Settled counts only after the main queue has had a turn: work a session schedules as
      // it starts (checkout's catalog load) has not begun, and is not counted, before that;
      // and only while nothing is in flight now (`isBusy`), since `isSettled` comes a hop late.
      var armed = false
      let finish = {
        guard !finished else { return }
        finished = true
        watch?.cancel()
        done.resume()
      }
      watch = session.webFrames().combineLatest(session.isSettled).sink { frame, settled in
        latest = frame
        if settled, armed, !session.isBusy { finish() }
      }
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          armed = true
          if !session.isBusy, !latest.isEmpty { finish() }
        }
      }
      if limit != .never {
        DispatchQueue.main.asyncAfter(deadline: .now() + limit) { MainActor.assumeIsolated(finish) }
      }
    }
    let encoder = JSONTreeEncoder()
    var screens: [(String, JSONTree)] = []
    for screen in latest {
      guard let tree = try? encoder.tree(of: screen.state.value) else { continue }
      screens.append((screen.name, tree))
    }
    return .success(screens)
  }

  /// A state's tree as HTML: an object's fields as a description list (booleans left out:
  /// they decide how a head draws, they are not text to read), a list as a list.
  static func draw(_ tree: JSONTree) -> String {
    switch tree {
    case .null, .bool: return ""
    case .integer(let value): return String(value)
    case .number(let value): return String(value)
    case .string(let value): return WebPage.escape(value)
    case .array(let items):
      let drawn = items.map(draw).filter { !$0.isEmpty }
      return drawn.isEmpty ? "" : "<ul>" + drawn.map { "<li>\($0)</li>" }.joined() + "</ul>"
    case .object(let fields):
      let drawn = fields.sorted { $0.key < $1.key }.compactMap { key, value -> String? in
        let text = draw(value)
        return text.isEmpty ? nil : "<dt>\(WebPage.escape(words(key)))</dt><dd>\(text)</dd>"
      }
      return drawn.isEmpty ? "" : "<dl>" + drawn.joined() + "</dl>"
    }
  }

  /// A field's name as words: `filterSummary` → `Filter summary`.
  static func words(_ key: String) -> String {
    var out = ""
    for character in key {
      if character.isUppercase, !out.isEmpty {
        out += " " + character.lowercased()
      } else {
        out.append(out.isEmpty ? Character(character.uppercased()) : character)
      }
    }
    return out
  }
}
