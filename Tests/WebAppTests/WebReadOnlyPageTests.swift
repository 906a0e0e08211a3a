import AppEnvironment
import Foundation
import Testing
import TodoFeature
import ViewModelKit

@testable import WebApp

/// With scripts off the page still shows the app's state, read only (issue 40, item 3).
@Suite("Web: the page with scripts off")
@MainActor
struct WebReadOnlyPageTests {
  let access = WebAccess(token: String(repeating: "cd", count: 32), host: "127.0.0.1", port: 8080)

  var server: WebServer {
    WebServer(access: access, registry: .standard, settleLimit: .never) { app in
      if app.name == "checkout" {
        // On the main queue, as the server runs it: the catalog loads on its next turn.
        let configuration = try AppConfiguration.resolve(
          options: try SharedOptions.parse(["--offline", "--ephemeral"]),
          environment: ["HOME": "/nonexistent"])
        return try #require(
          try app.makeSession(configuration, AppFlagValues(), .userInterface)
            as? any WebPresentable)
      }
      guard app.name == "todo" else {
        throw ConfigurationError.appCannotStart("The \(app.name) store is locked.")
      }
      let service = try FixtureTaskService.make(clock: {
        Date(timeIntervalSince1970: 1_800_000_000)
      })
      return TodoSession(service: service, scheduler: .immediate)
    }
  }

  func page(_ path: String, view: String? = nil) async -> (Int, String) {
    var query = ["token": access.token]
    if let view { query["view"] = view }
    let request = WebRequest(path: path, query: query, headers: ["Host": "127.0.0.1:8080"])
    let response = await server.handle(request)
    return (response.status, response.text)
  }

  @Test("the app's page sends a browser without scripts to the read-only view")
  func redirect() async throws {
    let (status, html) = await page("/todo")
    #expect(status == 200)
    #expect(
      html.contains(
        #"<noscript><meta http-equiv="refresh" content="0; url=/todo?view=read-only"></noscript>"#))
  }

  @Test("the read-only view shows the settled state as text, with no script, and reloads")
  func readOnly() async throws {
    let (status, html) = await page("/todo", view: "read-only")
    #expect(status == 200)
    #expect(html.contains("<dt>Statistics</dt><dd>"))
    #expect(html.contains("Water the basil"))
    #expect(!html.contains("<script"))
    #expect(html.contains(#"<meta http-equiv="refresh" content="10">"#))
  }

  @Test("work a session starts on its scheduler's next turn is waited for: checkout's catalog")
  func waitsForStartingWork() async throws {
    let (status, html) = await page("/checkout", view: "read-only")
    #expect(status == 200)
    #expect(html.contains("Bag of Peas") && html.contains("Can of Beans"))
  }

  @Test("an app that cannot start says why")
  func cannotStart() async throws {
    let (status, html) = await page("/weather", view: "read-only")
    #expect(status == 200 && html.contains("The weather store is locked."))
  }

  @Test("a field's name reads as words; booleans are left out; text is escaped")
  func drawing() {
    #expect(WebReadOnlyPage.words("filterSummary") == "Filter summary")
    let tree = JSONTree.object([
      "isLoading": .bool(true), "title": .string("<b>"), "rows": .array([.integer(1), .null]),
    ])
    #expect(
      WebReadOnlyPage.draw(tree)
        == "<dl><dt>Rows</dt><dd><ul><li>1</li></ul></dd><dt>Title</dt><dd>&lt;b&gt;</dd></dl>")
  }
}
