import AppEnvironment
import ArgumentParser
import Foundation
import TUIApp
import TerminalUI
import ViewModelKit

/// Issue 29, item 7: a full frame of every screen at 200x60 (the tab bar, the screen, the help
/// bar), through the TUI's own composition (`TUIMain.makeTabs`, offline and in memory, as
/// `tui --offline --ephemeral` builds it) into an in-memory canvas. Budget 2 ms at p95 each.
let screensSuite = BenchmarkSuite(
  name: "screens", summary: "a full frame of every TUI screen at 200x60"
) {
  runScreenBenchmarks()
}

@MainActor
private func runScreenBenchmarks() -> Bool {
  let scheduler = DispatchQueue.test
  guard let options = try? SharedOptions.parse(["--offline", "--ephemeral"]),
    let configuration = try? AppConfiguration.resolve(
      options: options, environment: ["LANG": "C.UTF-8"])
  else {
    print("screens: the configuration did not resolve")
    return false
  }
  let tabs = TUIMain.makeTabs(
    .standard, configuration: configuration, options: AppFlagValues(),
    scheduler: scheduler.eraseToAnyScheduler())
  let (width, height) = (200, 60)
  let canvas = MemoryCanvas(width: width, height: height)
  let painter = Painter(canvas: canvas, ascii: false, color: true)
  // Each screen: its tab, then the keys that open it from the tab's start.
  let screens: [(String, Int, [Key])] = [
    ("weather, London", 1, [.character("/")] + "London".map(Key.character) + [.enter, .escape]),
    ("weather, the map", 1, [.character("m")]),
    ("weather, the help", 1, [.escape, .character("?")]),
    ("tweets, the timeline", 2, []),
    ("tweets, the people", 2, [.character("m")]),
    ("todo, the list", 3, []),
    ("todo, the editor", 3, [.character("n")]),
    ("checkout, the catalog", 4, [.character("+")]),
    ("checkout, the order form", 4, [.enter]),
  ]
  var budgets: [Budget] = []
  var roots: [Int: TUIRoot] = [:]
  for (name, tab, keys) in screens {
    let root = roots[tab] ?? TUIRoot(tabs: tabs, initial: tab)
    roots[tab] = root
    root.resize(columns: width, rows: height)
    for key in [Key.resize] + keys {
      _ = root.handle(key)
      scheduler.advance(by: .seconds(1))
    }
    let measurement = measure("\(name) at 200x60", warmup: 5, runs: 200) {
      canvas.clear()
      root.draw(painter)
    }
    let drawn = canvas.snapshot().split(separator: "\n").contains { !$0.isEmpty }
    budgets.append(
      Budget(measurement, limit: 0.002, problem: drawn ? nil : "the frame is empty"))
    if keys.last == .character("?") { _ = root.handle(.escape) }
  }
  print("screens (a full frame into an in-memory canvas; p95 budget 2 ms):")
  return Budget.report(budgets)
}
