import AppInfrastructure
import CheckoutFeature
import Foundation
import Testing
import TodoFeature
import TweetsFeature
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// AV-01: every screen model of every app has `setActive`, is inactive when made, and follows
/// its session; a scene made while its app is seen is seen from the start.
@MainActor
@Suite("Activation contract")
struct ScreenActivationContractTests {
  /// Whether each model is seen, in the order given.
  private func seen(_ models: [any ScreenModel]) -> [Bool] { models.map(\.isActive) }

  @Test("AV-01 weather: inactive when made, then as its front end says")
  func av01Weather() throws {
    let harness = try WeatherTUIHarness()
    let fresh = WeatherViewModel(
      service: try FixtureWeatherService(latency: 0, scheduler: DispatchQueue.test.asAny),
      location: StaticLocationProvider(
        fix: LocationFix(
          coordinate: Coordinate(latitude: 0, longitude: 0), horizontalAccuracy: 15)),
      cache: InMemoryWeatherCache(), apiKey: "",
      initialMapCenter: Coordinate(latitude: 0, longitude: 0), symbols: .unicode,
      scheduler: DispatchQueue.test.asAny)
    #expect(!fresh.isActive)
    #expect(harness.session.weather.isActive)  // the harness shows the tab
    harness.session.weather.setActive(false)
    harness.session.weather.setActive(false)
    #expect(!harness.session.weather.isActive)
  }

  @Test("AV-01 todo: the list and an editor opened while it is seen follow the session")
  func av01Todo() {
    let scheduler = DispatchQueue.test
    let session = TodoSession(
      service: InMemoryTaskService(tasks: [], clock: { Date(timeIntervalSince1970: 0) }),
      scheduler: scheduler.asAny)
    scheduler.settle()
    #expect(!session.tasks.isActive)
    session.setActive(true)
    #expect(session.tasks.isActive)
    #expect(session.tasks.create() == .accepted)
    scheduler.settle()
    #expect(session.editor?.isActive == true)
    session.setActive(false)
    #expect(session.tasks.isActive == false && session.editor?.isActive == false)
  }

  @Test("AV-01 checkout: all five screen models follow the session")
  func av01Checkout() {
    let scheduler = DispatchQueue.test
    let session = CheckoutSession(
      services: CheckoutServices(
        catalog: FixtureCatalogService(), rates: FixtureRatesService(),
        connectivity: AlwaysOnline(), storage: InMemoryCheckoutStorage(orders: [])),
      clock: { Date(timeIntervalSince1970: 0) }, timeZone: TimeZone.gmt,
      scheduler: scheduler.asAny)
    let models: [any ScreenModel] = [
      session.catalog, session.checkout, session.orderForm, session.history, session.account,
    ]
    #expect(seen(models) == Array(repeating: false, count: 5))
    session.setActive(true)
    #expect(seen(models) == Array(repeating: true, count: 5))
    session.setActive(false)
    #expect(seen(models) == Array(repeating: false, count: 5))
  }

  @Test("AV-01 tweets: every scene follows the session, and a scene pushed while seen is seen")
  func av01Tweets() throws {
    let scheduler = DispatchQueue.test
    let fixtures = FixtureTwitterAPI()
    let env = TweetsEnvironment(
      account: FixtureAccount(), api: fixtures, store: GRDBTweetStore(),
      scheduler: scheduler.asAny, now: { Date(timeIntervalSince1970: 1_741_953_600) },
      timeZone: TimeZone.gmt)
    let session = TweetsSession(list: try fixtures.list(), env: env)
    let root = session.navigator.currentScenes[0].timeline
    #expect(root?.isActive == false)
    session.setActive(true)
    #expect(root?.isActive == true)
    session.navigator.showPeople()
    #expect(session.navigator.showPerson(username: "@alice") == .accepted)
    let scenes = session.navigator.currentScenes
    #expect(scenes.count == 3)
    #expect(scenes[1].people?.isActive == true && scenes[2].timeline?.isActive == true)
    session.setActive(false)
    #expect(scenes.allSatisfy { ($0.timeline?.isActive ?? $0.people?.isActive) == false })
  }
}
