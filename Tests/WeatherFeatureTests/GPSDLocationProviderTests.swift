import Foundation
import LoopbackSupport
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

@Suite("Weather: the gpsd location provider against a loopback gpsd (WW-05, WW-06)")
struct GPSDLocationProviderTests {
  static let version =
    #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
  static let watch = #"{"class":"WATCH","enable":true,"json":true,"nmea":false}"#

  static func tpv(
    mode: Int = 3, lat: Double = 64.1466, lon: Double = -21.9426, epx: Double? = 8,
    epy: Double? = 12
  )
    -> String
  {
    var fields = [#""class":"TPV""#, #""device":"/dev/pts/1""#, "\"mode\":\(mode)"]
    if mode >= 2 { fields += ["\"lat\":\(lat)", "\"lon\":\(lon)"] }
    if let epx { fields.append("\"epx\":\(epx)") }
    if let epy { fields.append("\"epy\":\(epy)") }
    return "{" + fields.joined(separator: ",") + "}"
  }

  func provider(_ server: LineServer) -> GPSDLocationProvider {
    GPSDLocationProvider(address: GPSDAddress(host: "127.0.0.1", port: server.port))
  }

  /// The fixes of one session and how it ended, as the view model takes them: the first
  /// under 100 m.
  func firstAccurate(_ provider: GPSDLocationProvider) async throws -> Result<
    LocationFix?, LocationError
  > {
    try await outcome(
      of: provider.fixes().first { $0.isAcceptable(requiredAccuracy: 100) }.map(Optional.some)
        .replaceEmpty(with: nil).eraseToAnyPublisher())
  }

  @Test("WW-06 a good fix: WATCH is asked for JSON, accuracy is the larger of epx and epy")
  func goodFix() async throws {
    let server = try LineServer(lines: [Self.version, Self.watch, Self.tpv(epx: 8, epy: 12)])
    defer { server.stop() }
    let fix = try await firstAccurate(provider(server)).get()
    #expect(
      fix
        == LocationFix(
          coordinate: Coordinate(latitude: 64.1466, longitude: -21.9426), horizontalAccuracy: 12))
    #expect(server.received == [#"?WATCH={"enable":true,"json":true}"#])
  }

  @Test("WW-06 a fix too coarse, then a good one: the good one is taken")
  func coarseThenGood() async throws {
    let server = try LineServer(lines: [
      Self.version, Self.tpv(lat: 10, lon: 10, epx: 150, epy: 40), Self.tpv(epx: 20, epy: 30),
    ])
    defer { server.stop() }
    let fix = try await firstAccurate(provider(server)).get()
    #expect(fix?.coordinate == Coordinate(latitude: 64.1466, longitude: -21.9426))
    #expect(fix?.horizontalAccuracy == 30)
  }

  @Test("WW-06 mode 1 (no fix) and reports without numbers give no fix; gpsd's eph stands in")
  func noFix() async throws {
    let server = try LineServer(lines: [
      Self.version, Self.tpv(mode: 1, epx: nil, epy: nil), Self.tpv(mode: 0),
      Self.tpv(lat: 95, epx: 5), Self.tpv(epx: nil, epy: nil),
      #"{"class":"TPV","mode":2,"lat":1.5,"lon":2.5,"eph":40}"#,
    ])
    defer { server.stop() }
    let fix = try await firstAccurate(provider(server)).get()
    #expect(
      fix
        == LocationFix(
          coordinate: Coordinate(latitude: 1.5, longitude: 2.5), horizontalAccuracy: 40))
    let none = try LineServer(lines: [Self.version, Self.tpv(mode: 1, epx: nil, epy: nil)])
    defer { none.stop() }
    #expect(try await firstAccurate(provider(none)).get() == nil)
  }

  @Test("WW-06 garbage: a peer that does not greet as gpsd is unavailable; later junk is skipped")
  func garbage() async throws {
    let impostor = try LineServer(lines: ["HTTP/1.1 400 Bad Request", Self.tpv()])
    defer { impostor.stop() }
    #expect(try await firstAccurate(provider(impostor)) == .failure(.unavailable))
    let noisy = try LineServer(lines: [
      Self.version, "\u{0}\u{1}not json", #"{"class":"TPV","mode":"three"}"#, "[1,2]", Self.tpv(),
    ])
    defer { noisy.stop() }
    #expect(try await firstAccurate(provider(noisy)).get()?.horizontalAccuracy == 12)
    let endless = try LineServer(lines: [Self.version, String(repeating: "x", count: 70_000)])
    defer { endless.stop() }
    #expect(try await firstAccurate(provider(endless)) == .failure(.unavailable))
  }

  @Test("WW-06 a closed port is unavailable at once")
  func closedPort() async throws {
    let port = try ClosedPort()
    let provider = GPSDLocationProvider(
      address: GPSDAddress(host: "127.0.0.1", port: UInt16(port.baseURL.port ?? 1)))
    #expect(try await firstAccurate(provider) == .failure(.unavailable))
    // (An unknown host name is not tried here: resolving one would ask the real DNS, which
    // the tests never do; it takes the same path as the refused connection.)
  }

  @Test(
    "WW-05 a stall: the view model's 10 s limit gives 'No accurate location fix', and the socket closes"
  )
  @MainActor
  func stall() async throws {
    // Only the greeting: nothing crosses from the session's thread into the test scheduler.
    let server = try LineServer(lines: [Self.version], staysOpen: true)
    defer { server.stop() }
    let scheduler = DispatchQueue.test
    var toasts: [String] = []
    let viewModel = WeatherViewModel(
      service: try FixtureWeatherService(latency: 0, scheduler: scheduler.asAny),
      location: provider(server), cache: InMemoryWeatherCache(), apiKey: "",
      initialMapCenter: Coordinate(latitude: 0, longitude: 0), scheduler: scheduler.asAny)
    let reading = viewModel.messages.sink { toasts.append($0) }
    defer { reading.cancel() }
    viewModel.useMyLocation()
    #expect(await eventually { server.received.count == 1 })
    await scheduler.advance(by: .seconds(9.9))
    #expect(toasts.isEmpty)
    await scheduler.advance(by: .seconds(0.1))
    #expect(toasts == ["No accurate location fix (need under 100 m)"])
    #expect(await eventually { server.clientsGone == 1 })
  }

  @Test("WW-06 a stall seen by the provider: no fix, no end, and cancelling closes the socket")
  func stallAlone() async throws {
    let server = try LineServer(lines: [Self.version], staysOpen: true)
    defer { server.stop() }
    let seen = Locked<[LocationFix]>([])
    let ended = Locked(false)
    let session = provider(server).fixes().sink(
      receiveCompletion: { _ in ended.withLock { $0 = true } },
      receiveValue: { fix in seen.withLock { $0.append(fix) } })
    #expect(await eventually { server.received.count == 1 })
    #expect(seen.withLock { $0 }.isEmpty && !ended.withLock { $0 })
    #expect(server.clientsGone == 0)
    session.cancel()
    #expect(await eventually { server.clientsGone == 1 })
    #expect(seen.withLock { $0 }.isEmpty)
  }

  @Test("WW-05 GPSD_HOST is host[:port]; the port defaults to 2947")
  func addresses() {
    #expect(GPSDAddress("localhost") == GPSDAddress(host: "localhost", port: 2947))
    #expect(GPSDAddress("gps.local:3000") == GPSDAddress(host: "gps.local", port: 3000))
    #expect(GPSDAddress("[::1]:2948") == GPSDAddress(host: "::1", port: 2948))
    #expect(GPSDAddress("[::1]")?.port == 2947)
    #expect(GPSDAddress("::1") == GPSDAddress(host: "::1", port: 2947))
    // Issue 26, item 10: ":-1" and ":2947:3" were taken for host names.
    for bad in [
      "", ":2947", "host:0", "host:70000", "[::1", "[::1]x", ":-1", ":2947:3", "host:-1", "a b",
      "host:12x",
    ] {
      #expect(GPSDAddress(bad) == nil, "\(bad)")
    }
  }
}
