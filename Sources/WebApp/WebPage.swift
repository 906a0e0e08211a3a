import AppEnvironment
import Foundation

/// The HTML of an app's page: the tabs as links, the app's region that the script fills from
/// the socket's states, and the live region for the app's messages. One stylesheet and the
/// scripts, all from the server; no inline script or style (the Content-Security-Policy
/// forbids them). With scripts off, the page sends the browser to the read-only view.
enum WebPage {
  static func html(app: RegisteredApp, registry: AppRegistry, scripts: [String]) -> String {
    let scripts = scripts.map { #"<script src="/static/\#(escape($0))" defer></script>"# }
      .joined(separator: "\n")
    let readOnly = "/\(escape(app.name))?view=read-only"
    return document(
      app: app, registry: registry,
      head: """
        \(scripts)
        <noscript><meta http-equiv="refresh" content="0; url=\(readOnly)"></noscript>
        """,
      main: """
        <h1>\(escape(app.title))</h1>
        <noscript><p>Scripts are off: <a href="\(readOnly)">the app's state, read only</a>.</p></noscript>
        """)
  }

  /// The read-only page's question when its address has no token or the wrong one (scripts
  /// off, so the page cannot keep one): the token `web` printed, sent back as this page's
  /// address. The answer stays on this server (the form's action is a path of its own).
  static func tokenForm(app: RegisteredApp, registry: AppRegistry) -> String {
    document(
      app: app, registry: registry, head: "",
      main: """
        <h1>\(escape(app.title))</h1>
        <p>Scripts are off. To see the app's state read only, give the token in the address \
        `web` printed (the part after <code>#token=</code>).</p>
        <form method="get" action="/\(escape(app.name))">
        <input type="hidden" name="view" value="read-only">
        <label for="token">Token</label>
        <input id="token" name="token" type="password" autocomplete="off" spellcheck="false">
        <button type="submit">Show</button>
        </form>
        """)
  }

  /// A page of the server: the tabs as links, the live regions, and `main`.
  /// `linkQuery` goes on each tab's link (the read-only pages pass their own view and token:
  /// with scripts off, the address is the only place the token can stay).
  static func document(
    app: RegisteredApp, registry: AppRegistry, head: String, main: String, linkQuery: String = ""
  ) -> String {
    let tabs = registry.apps.map { entry in
      let current = entry.name == app.name ? #" aria-current="page""# : ""
      let link = "/\(entry.name)\(linkQuery)"
      return #"<li><a href="\#(escape(link))"\#(current)>\#(escape(entry.title))</a></li>"#
    }
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(app.title)) · HeadlessMVVM</title>
      <link rel="stylesheet" href="/static/style.css">
      \(head)
      </head>
      <body>
      <nav aria-label="Apps"><ul class="tabs">\(tabs.joined())</ul></nav>
      <p id="status" class="status" role="status" aria-live="polite"></p>
      <p id="alert" class="alert" role="alert"></p>
      <main id="app" data-app="\(escape(app.name))" aria-busy="true">
      \(main)
      </main>
      </body>
      </html>

      """
  }

  /// Text as HTML text or an attribute value.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.append(character)
      }
    }
    return out
  }
}
