import CheckoutFeature
import Foundation
import TUIApp
import TerminalUI
import ViewModelKit
import ViewModelKitTesting

/// The TUI on an in-memory canvas, with the checkout tab on fixtures and a test scheduler.
@MainActor
final class TUIHarness {
  let scheduler = DispatchQueue.test
  let canvas: MemoryCanvas
  let session: CheckoutSession
  let root: TUIRoot
  var ascii = false

  init(
    width: Int = 80, height: Int = 24,
    storage: any CheckoutStorage = InMemoryCheckoutStorage(orders: [])
  ) {
    canvas = MemoryCanvas(width: width, height: height)
    let session = CheckoutSession(
      services: CheckoutServices(
        catalog: FixtureCatalogService(), rates: FixtureRatesService(),
        connectivity: AlwaysOnline(), storage: storage),
      clock: { ISO8601DateFormatter().date(from: "2025-01-15T14:03:00Z")! },
      timeZone: TimeZone(identifier: "UTC")!, scheduler: scheduler.asAny)
    self.session = session
    let scheduler = scheduler
    root = TUIRoot(
      tabs: [
        TUIRoot.Tab(number: 4, label: "Checkout") { redraw in
          CheckoutScreen(session: session, scheduler: scheduler.asAny, redraw: redraw)
        }
      ], initial: 4)
    _ = screen()  // shows the tab, which builds its screen
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
    press(.resize)
  }
}
