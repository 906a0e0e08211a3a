import AppEnvironment
import CLIApp
import Foundation
import NotesFeature
import TUIApp
import TerminalUI
import Testing
import ViewModelKit
import ViewModelKitTesting
import WebApp

@testable import NotesHeads

/// The notes app in each of HeadlessMVVM's heads, run over this package's registry: what a
/// person sees on the terminal, on standard output, and in the page.
@Suite("Notes: the three heads")
@MainActor
struct NotesHeadTests {
  let scheduler = DispatchQueue.test

  init() { AppRegistry.use(.notes) }

  func configuration() throws -> AppConfiguration {
    try AppConfiguration.resolve(
      options: try SharedOptions.parse(["--offline", "--ephemeral"]),
      environment: ["HOME": "/nonexistent"])
  }

  @Test("the TUI: a is a field, Enter adds, d removes the selected note, a refusal is shown")
  func tui() throws {
    let tabs = TUIMain.makeTabs(
      .notes, configuration: try configuration(), options: AppFlagValues(),
      scheduler: scheduler.asAny)
    let root = TUIRoot(tabs: tabs, initial: 1)
    let canvas = MemoryCanvas(width: 60, height: 14)
    func screen() -> String {
      scheduler.advance()
      canvas.clear()
      root.draw(Painter(canvas: canvas, ascii: false, color: false))
      return canvas.snapshot()
    }
    func type(_ keys: [Key]) { keys.forEach { _ = root.handle($0) } }
    _ = screen()  // the tab's screen is made when it is first drawn; its state comes next
    #expect(screen().contains("No notes yet."))
    type([.character("a"), .text("Buy milk"), .enter, .character("a"), .text("Call Ana"), .enter])
    let two = screen()
    #expect(two.contains("2 notes") && two.contains("1. Buy milk") && two.contains("2. Call Ana"))
    #expect(two.contains("Added note 2"))
    type([.character("a"), .enter])
    #expect(screen().contains("A note needs some text"))
    type([.escape, .character("d")])
    let one = screen()
    #expect(one.contains("1 note") && !one.contains("Buy milk") && one.contains("Removed note 1"))
  }

  @Test("the CLI: each command's answer and the notes after it; a refusal is an error, exit 1")
  func cli() throws {
    let application = try CLIMain.makeApplication(
      .notes, configuration: try configuration(), options: AppFlagValues(),
      scheduler: scheduler.asAny)
    let streams = MemoryStreams()
    let shell = CLIShell(
      app: application, json: false, streams: streams,
      waiter: TestSchedulerSettleWaiter(scheduler: scheduler))
    shell.start(printInitialSet: true) {}
    for line in ["add Buy milk", "remove 7"] { shell.run(line: line) { _ in } }
    shell.finish {}
    #expect(
      streams.stdout == [
        "summary: No notes yet.", "notes:", "  (none)", "! Added note 1", "summary: 1 note",
        "notes:", "  1. Buy milk",
      ])
    #expect(streams.stderr == ["error: There is no note 7"])
    #expect(shell.exitStatus == 1)
  }

  @Test(
    "the help names this package's app alone, and no flag, variable or sample of HeadlessMVVM's")
  func help() {
    #expect(HelpText.apps.map(\.name) == ["notes"])
    #expect(HelpText.shared.contains("notes") && !HelpText.shared.contains("OFFLINE SAMPLES"))
    #expect(HelpText.appOptions(columns: 80).isEmpty)  // no --location, --catalog, --gpsd
    #expect(!HelpText.shared.contains("WEATHER_PROVIDER") && !HelpText.shared.contains("RATES_URL"))
  }

  @Test("the web head: the page loads notes.js from this package, and draws the state")
  func web() async throws {
    let access = WebAccess(token: String(repeating: "cd", count: 32), host: "127.0.0.1", port: 8080)
    let scheduler = DispatchQueue.main.eraseToAnyScheduler()
    let server = WebServer(access: access, registry: .notes) { _ in
      let session = NotesSession(scheduler: scheduler)
      session.send(.notes(.add(text: "Buy <milk>")))
      return session
    }
    func get(_ path: String, _ query: [String: String] = [:]) async -> WebResponse {
      await server.handle(
        WebRequest(path: path, query: query, headers: ["Host": "127.0.0.1:8080"]))
    }
    #expect(await get("/").text.contains(#"<script src="/static/notes.js""#))
    let script = await get("/static/notes.js")
    #expect(script.status == 200 && script.text.contains("pages.notes"))
    let page = await get("/notes", ["view": "read-only", "token": access.token])
    #expect(page.status == 200)
    #expect(page.text.contains("Buy &lt;milk&gt;") && page.text.contains("1 note"))
  }
}
