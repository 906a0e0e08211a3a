import Foundation
import TUIApp
import TerminalUI
import ViewModelKit
import ViewModelKitTesting

/// A TUI root on an in-memory canvas and a test scheduler: press keys, read the screen.
@MainActor
class ScreenDriver {
  let scheduler: TestSchedulerOf<DispatchQueue>
  let canvas: MemoryCanvas
  private(set) var root: TUIRoot!
  var ascii = false

  init(width: Int, height: Int, scheduler: TestSchedulerOf<DispatchQueue>) {
    canvas = MemoryCanvas(width: width, height: height)
    self.scheduler = scheduler
  }

  /// Shows `tab`, which builds its screen, and lets start-up work run.
  func start(_ tab: TUIRoot.Tab) {
    root = TUIRoot(tabs: [tab], initial: tab.number)
    root.resize(columns: canvas.width, rows: canvas.height)
    _ = screen()
    scheduler.settle()
  }

  /// Presses keys (settling after each), then draws and returns the screen.
  @discardableResult
  func press(_ keys: Key...) -> String {
    for key in keys {
      _ = root.handle(key)
      scheduler.settle()
    }
    return screen()
  }

  func type(_ text: String) {
    for character in text { press(.character(character)) }
  }

  func screen() -> String {
    canvas.clear()
    canvas.hideCursor()
    root.draw(Painter(canvas: canvas, ascii: ascii, color: true))
    return canvas.snapshot()
  }

  func resize(_ width: Int, _ height: Int) {
    canvas.resize(width: width, height: height)
    root.resize(columns: width, rows: height)
    press(.resize)
  }
}
