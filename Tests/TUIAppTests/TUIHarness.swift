import AppInfrastructure
import CheckoutFeature
import Foundation
import TUIApp
import TerminalUI
import ViewModelKit
import ViewModelKitTesting

/// The TUI on an in-memory canvas, with the checkout tab on fixtures and a test scheduler.
@MainActor
final class TUIHarness: ScreenDriver {
  let session: CheckoutSession

  init(
    width: Int = 80, height: Int = 24,
    storage: any CheckoutStorage = InMemoryCheckoutStorage(orders: [])
  ) {
    let scheduler = DispatchQueue.test
    let session = CheckoutSession(
      services: CheckoutServices(
        catalog: FixtureCatalogService(), rates: FixtureRatesService(),
        connectivity: AlwaysOnline(), storage: storage),
      clock: { (ISO8601DateFormatter().date(from: "2025-01-15T14:03:00Z") ?? .distantPast) },
      timeZone: TimeZone.gmt, scheduler: scheduler.asAny)
    self.session = session
    super.init(width: width, height: height, scheduler: scheduler)
    start(
      TUIRoot.Tab(number: 4, label: "Checkout") { redraw in
        CheckoutScreen(session: session, scheduler: scheduler.asAny, redraw: redraw)
      })
  }
}
