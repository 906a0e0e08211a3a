import AppEnvironment
import Foundation

/// The HTML of an app's page: the tabs as links, the app's region that the script fills from
/// the socket's states, and the live region for the app's messages. One stylesheet, one
/// script, both from the server; no inline script or style (the Content-Security-Policy
/// forbids them).
enum WebPage {
  static func html(app: RegisteredApp, registry: AppRegistry) -> String {
    let tabs = registry.apps.map { entry in
      let current = entry.name == app.name ? #" aria-current="page""# : ""
      return #"<li><a href="/\#(entry.name)"\#(current)>\#(escape(entry.title))</a></li>"#
    }
    let scripts = WebServer.scripts.map { #"<script src="/static/\#($0)" defer></script>"# }
      .joined(separator: "\n")
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escape(app.title)) · HeadlessMVVM</title>
      <link rel="stylesheet" href="/static/style.css">
      \(scripts)
      </head>
      <body>
      <nav aria-label="Apps"><ul class="tabs">\(tabs.joined())</ul></nav>
      <p id="status" class="status" role="status" aria-live="polite"></p>
      <p id="alert" class="alert" role="alert"></p>
      <main id="app" data-app="\(escape(app.name))" aria-busy="true">
      <h1>\(escape(app.title))</h1>
      <noscript><p>This page shows the app live through a script; with scripts off, use
      <code>swift run tui \(escape(app.name))</code> or <code>swift run cli \(escape(app.name))</code>.</p></noscript>
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
