import AppEnvironment
import AppInfrastructure
import Foundation
import ViewModelKit

/// The `web` process: parses flags, starts the server on loopback, prints the address to open
/// (with the launch's token) once the server listens, and serves until stopped.
@MainActor
public enum WebMain {
  /// Runs `web` on `arguments` (the command line without the program's name), serving a page
  /// for each app of `registry`: this package's `web` passes `AppRegistry.standard`, a package
  /// of its own apps passes its own (Docs/Examples/Downstream).
  public static func run(arguments: [String], registry: AppRegistry) -> Never {
    var start = HeadStart<WebOptions>(
      "web", arguments: arguments, registry: registry, shared: \.shared
    ) {
      WebOptions.helpMessage(columns: HelpWidth.columns) + "\n"
        + HelpText.appOptions(columns: HelpWidth.columns)
    }
    let options = start.options
    guard (0...65_535).contains(options.port) else { fail("--port must be 0…65535") }
    start.configuration.asciiMode = false  // a browser shows Unicode
    let configuration = start.configuration
    if !["127.0.0.1", "localhost", "::1"].contains(options.host) {
      warn("listening on \(options.host): anyone who can reach it and has the token sees your data")
    }
    let appFlags = start.appFlags
    let scheduler = configuration.userInterfaceScheduler
    let frozen = configuration
    let (host, port, open) = (options.host, options.port, options.open)
    let token = WebAccess.randomToken()
    Task {
      let listener: WebListener
      do {
        listener = try await WebListener(
          host: host, port: port, limits: .fitted(toOpenFiles: WebLimits.openFileLimit)
        ) { bound in
          WebServer(
            access: WebAccess(token: token, host: host, port: bound), registry: registry
          ) { app in
            let session = try app.makeSession(frozen, appFlags, scheduler)
            guard let presentable = session as? any WebPresentable else {
              throw ConfigurationError.appCannotStart("the \(app.name) app has no web page")
            }
            return presentable
          }
        }
      } catch WebListenError.portInUse(let port) {
        fail("port \(port) is in use (try --port 0)")
      } catch {
        fail("cannot listen on \(host):\(port): \(error)")
      }
      running = listener
      // The token goes in the fragment, which the browser keeps to itself (Docs/Security.md).
      let shownHost = host.contains(":") ? "[\(host)]" : host
      let address = "http://\(shownHost):\(listener.port)/#token=\(token)"
      // Written straight to the descriptor: flushed at once, also into a pipe.
      FileHandle.standardOutput.write(Data("Open \(address)\n".utf8))
      if open { openBrowser(address) }
    }
    dispatchMain()
  }

  /// The server, kept for the life of the process.
  private static var running: WebListener?

  /// Opens the address in the user's browser through `xdg-open`. The token is not put on a
  /// command line (other users can read those in `/proc`): a private page (0600, in a private
  /// folder) that redirects to the address is opened instead, and removed a minute later.
  static func openBrowser(_ address: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "headless-web-\(UUID().uuidString)")
    let page = folder.appendingPathComponent("open.html")
    let html = """
      <!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=\(
        WebPage.escape(address))"><a href="\(WebPage.escape(address))">HeadlessMVVM</a>

      """
    do {
      try PrivateFile.makeFolder(folder)
      try PrivateFile.write(Data(html.utf8), to: page)
    } catch {
      return warn("could not open a browser: \(error)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xdg-open", page.path]
    process.terminationHandler = { finished in
      if finished.terminationStatus != 0 {
        warn(
          "no browser opened (xdg-open exited with \(finished.terminationStatus)); open the address above"
        )
      }
    }
    do { try process.run() } catch { warn("no browser to open: \(error)") }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  nonisolated static func warn(_ text: String) {
    FileHandle.standardError.write(Data("warning: \(text)\n".utf8))
  }

  static func fail(_ text: String) -> Never {
    FileHandle.standardError.write(Data("error: \(text)\n".utf8))
    exit(1)
  }
}
