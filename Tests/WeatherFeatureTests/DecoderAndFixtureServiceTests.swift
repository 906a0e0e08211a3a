import Fixtures
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

let weatherFixtures = FixtureLoader.bundled.url(for: "weather")

/// The one value (or failure) a publisher gives once the scheduler has run.
func answer<T>(
  _ publisher: AnyPublisher<T, WeatherError>, _ scheduler: TestSchedulerOf<DispatchQueue>,
  after seconds: Double = 1
) -> Result<T, WeatherError>? {
  let recorder = publisher.record(on: scheduler)
  scheduler.advance(seconds: seconds)
  if let failure = recorder.failure { return .failure(failure) }
  return recorder.last.map { .success($0) }
}

@Suite("Weather: decoders")
@MainActor
struct WeatherDecoderTests {
  nonisolated static let cities = [
    "london", "amsterdam", "barcelona", "berlin", "paris", "new-york", "tokyo", "sydney", "mumbai",
    "cairo", "sao-paulo", "reykjavik",
  ]

  @Test("every fixture decodes", arguments: cities)
  func fixtures(slug: String) throws {
    let current = try WeatherDecoder.current(
      FixtureLoader.bundled.data("weather/current/\(slug).json"))
    #expect(current.coordinate.isValid && !current.cityName.isEmpty)
    let forecast = try WeatherDecoder.forecast(
      FixtureLoader.bundled.data("weather/forecast/\(slug).json"))
    #expect(forecast.steps.count == 40 && forecast.cityName == current.cityName)
    #expect(forecast.steps.first?.time == Date(timeIntervalSince1970: 1_748_822_400))
  }

  @Test("London reads as the spec's example")
  func london() throws {
    let weather = try WeatherDecoder.current(
      FixtureLoader.bundled.data("weather/current/london.json"))
    #expect(weather == W_London)
    let forecast = try WeatherDecoder.forecast(
      FixtureLoader.bundled.data("weather/forecast/london.json"))
    #expect(forecast.timezoneOffset == 3600)
  }

  @Test(
    "bodies that are not weather are malformed",
    arguments: [
      "", "not json", "[]", "{}", #"{"coord":{"lat":1,"lon":2},"main":{"humidity":5}}"#,
      #"{"coord":{"lat":95,"lon":2},"main":{"temp":1,"humidity":5}}"#,
      #"{"coord":{"lat":1,"lon":2},"main":{"temp":1,"humidity":101}}"#,
      #"{"coord":{"lat":1,"lon":2},"main":{"temp":1,"humidity":50.5}}"#,
      #"{"coord":{"lat":1,"lon":2},"main":{"temp":"warm","humidity":50}}"#,
      #"{"coord":{"lat":1,"lon":2},"main":{"temp":1,"humidity":true}}"#,
      #"{"cod":"abc","coord":{"lat":1,"lon":2},"main":{"temp":1,"humidity":5}}"#,
    ])
  func malformed(body: String) {
    #expect(throws: WeatherError.malformedResponse) { try WeatherDecoder.current(Data(body.utf8)) }
  }

  @Test("optional parts, a whole-number humidity and a string cod")
  func lenient() throws {
    let body =
      #"{"cod":"200","coord":{"lat":1,"lon":2},"main":{"temp":-3.5,"humidity":40.0},"weather":[],"extra":1}"#
    let weather = try WeatherDecoder.current(Data(body.utf8))
    #expect(weather.cityName == "" && weather.humidity == 40 && weather.iconCode == "")
    #expect(weather.description == "")
  }

  @Test("a cod other than 200 in the body is that status")
  func cod() {
    #expect(throws: WeatherError.cityNotFound) {
      try WeatherDecoder.current(Data(#"{"cod":"404","message":"city not found"}"#.utf8))
    }
    #expect(throws: WeatherError.invalidKey) {
      try WeatherDecoder.current(Data(#"{"cod":401,"message":"Invalid API key"}"#.utf8))
    }
    #expect(throws: WeatherError.server(status: 503)) {
      try WeatherDecoder.forecast(Data(#"{"cod":503}"#.utf8))
    }
  }

  @Test("forecast steps are sorted, an empty list is valid, a bad step is malformed")
  func forecast() throws {
    let body =
      #"{"list":[{"dt":200,"main":{"temp":2}},{"dt":100,"main":{"temp":1},"weather":[{"icon":"01d"}]}]}"#
    let forecast = try WeatherDecoder.forecast(Data(body.utf8))
    #expect(forecast.steps.map(\.temperatureC) == [1, 2] && forecast.timezoneOffset == 0)
    #expect(forecast.steps.map(\.iconCode) == ["01d", ""])
    #expect(try WeatherDecoder.forecast(Data(#"{"list":[]}"#.utf8)).steps.isEmpty)
    #expect(throws: WeatherError.malformedResponse) {
      try WeatherDecoder.forecast(Data(#"{"list":[{"dt":1}]}"#.utf8))
    }
  }
}

@Suite("Weather: the fixture service")
@MainActor
struct FixtureWeatherServiceTests {
  func make() throws -> (FixtureWeatherService, TestSchedulerOf<DispatchQueue>) {
    let scheduler = DispatchQueue.test
    return (
      try FixtureWeatherService(directory: weatherFixtures, latency: 0, scheduler: scheduler.asAny),
      scheduler
    )
  }

  func city(_ text: String) throws -> Result<Weather, WeatherError>? {
    let (service, scheduler) = try make()
    return answer(service.currentWeather(for: .city(text), apiKey: ""), scheduler)
  }

  @Test("names match after cleaning; text after a comma is ignored")
  func names() throws {
    #expect(try city("  LONDON ")?.map(\.cityName) == .success("London"))
    #expect(try city("Paris, FR")?.map(\.cityName) == .success("Paris"))
    #expect(try city("Atlantis") == .failure(.cityNotFound))
  }

  @Test("WW-08 names match without regard to case or accents, as the real service's do")
  func foldedNames() throws {
    for text in ["reykjavik", "REYKJAVÍK", "Reykjavík", "reykjavík, IS"] {
      #expect(try city(text)?.map(\.cityName) == .success("Reykjavík"), "\(text)")
    }
    #expect(try city("sao paulo")?.map(\.cityName) == .success("São Paulo"))
    #expect(try city("SÃO PAULO")?.map(\.cityName) == .success("São Paulo"))
  }

  @Test("a coordinate gets the nearest city, however far")
  func nearest() throws {
    let (service, scheduler) = try make()
    func at(_ lat: Double, _ lon: Double) -> String? {
      let query = WeatherQuery.coordinate(Coordinate(latitude: lat, longitude: lon))
      return try? answer(service.currentWeather(for: query, apiKey: ""), scheduler)?.get().cityName
    }
    #expect(at(48.0, 2.0) == "Paris")
    #expect(at(-33.0, 150.0) == "Sydney")
    #expect(at(0, -160) != nil)
    let forecast = try answer(
      service.forecast(at: Coordinate(latitude: 52.5, longitude: 13.4), apiKey: ""), scheduler)?
      .get()
    #expect(forecast?.cityName == "Berlin")
  }

  @Test("answers come after the latency, on the scheduler")
  func latency() throws {
    let scheduler = DispatchQueue.test
    let service = try FixtureWeatherService(
      directory: weatherFixtures, latency: 0.15, scheduler: scheduler.asAny)
    let recorder = service.currentWeather(for: .city("London"), apiKey: "").record(on: scheduler)
    scheduler.advance(seconds: 0.1)
    #expect(recorder.values.isEmpty)
    scheduler.advance(seconds: 0.05)
    #expect(recorder.values.map(\.cityName) == ["London"] && recorder.times == [0.15])
  }

  @Test("a fixture that does not decode is a start-up error naming it")
  func brokenFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "weather-fixtures-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for sub in ["current", "forecast"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    try Data("{".utf8).write(to: folder.appendingPathComponent("current/bad.json"))
    #expect(throws: FixtureWeatherService.LoadError(file: "current/bad.json")) {
      try FixtureWeatherService(directory: folder, latency: 0, scheduler: DispatchQueue.test.asAny)
    }
  }

  @Test("the app's map ends up where the spec's transcript says after London")
  func transcriptNumbers() throws {
    let (service, scheduler) = try make()
    let london = try #require(
      try answer(service.currentWeather(for: .city("london"), apiKey: ""), scheduler)?.get())
    let forecast = try #require(
      try answer(service.forecast(at: london.coordinate, apiKey: ""), scheduler)?.get())
    let h = WeatherHarness()
    h.service.replies = [.answer(london)]
    h.service.forecastReplies = [.answer(forecast)]
    h.search("london")
    h.scheduler.settle()
    #expect(h.forecastTrend.last == "▂▁▂▅▆▇▅▃▂▁▃▅▆▇▆▃▃▂▃▆▇█▆▄▃▂▄▆▇█▇▅▂▂▃▅▇▇▆▄")
    #expect(
      h.forecast.last?.map(\.text) == [
        "Mon ☁   8°C  16°C ▂▁▂▅▆▇▅▃", "Tue ☁   9°C  17°C ▂▁▃▅▆▇▆▃", "Wed ☂  10°C  18°C ▃▂▃▆▇█▆▄",
        "Thu ☂  10°C  18°C ▃▂▄▆▇█▇▅", "Fri ◐   9°C  17°C ▂▂▃▅▇▇▆▄",
      ])
    #expect(h.mapCaption.last == "51.51,-0.13 z4")
    h.viewModel.toggleUnits()
    h.scheduler.settle()
    #expect(h.forecast.last?.first?.text == "Mon ☁  46°F  61°F ▂▁▂▅▆▇▅▃")
  }
}
