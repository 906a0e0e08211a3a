import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

@Suite("Weather: a recorded session replays")
@MainActor
struct WeatherInputReplayTests {
  /// The screen's states, as text, after `inputs` on a fresh session whose service answers
  /// Paris, then fails once, then London.
  private func run(_ inputs: [WeatherSessionInput]) -> [String] {
    let h = WeatherHarness()
    h.service.replies = [.answer(weather("Paris")), .fail(.server(status: 503))]
    let session = WeatherSession(weather: h.viewModel, cache: h.cache, scheduler: h.scheduler.asAny)
    let log = WireLog()
    log.follow("weather", session.weather.state)
    return SessionReplay.play(inputs, into: session, log: log, on: h.scheduler, step: 5)
  }

  @Test(
    "issue 39, item 1: the inputs, kept as JSON and read back, replay the session state for state")
  func replay() throws {
    let inputs: [WeatherSessionInput] = [
      .weather(.setQuery(text: "Paris")),
      .weather(.submit),
      .weather(.setQuery(text: String(repeating: "x", count: 101))),
      .weather(.submit),  // refused: too long
      .weather(.toggleUnits),
      .weather(.setMapVisible(true)),
      .weather(.pan(.north)),
      .weather(.zoomIn),
      .weather(.setQuery(text: "London")),
      .weather(.submit),  // fails once, then is retried
    ]
    let kept = try SessionReplay.throughTheWire(inputs)
    #expect(kept == inputs)
    let original = run(inputs)
    let replayed = run(kept)
    #expect(replayed == original)
    let last = try #require(original.last)
    #expect(last.contains(#""cityName":"London""#) && last.contains(#""unit":"fahrenheit""#))
    #expect(original.contains { $0.contains(#""cityName":"Paris""#) })
  }

  @Test("issue 39, item 2: the screen's state reads back from its wire form as it was")
  func stateRoundTrips() throws {
    let h = WeatherHarness()
    h.viewModel.setMapVisible(true)
    h.search("London")
    h.scheduler.advance(by: 5)
    let state = try #require(h.viewModel.state.record(on: h.scheduler).last)
    #expect(state.cityName == "London" && !state.mapRows.isEmpty)
    #expect(try SessionReplay.throughTheWire(state) == state)
    #expect(
      try WireFormat.text(state.temperatureReading) == #"{"unit":"celsius","value":12.4}"#)
  }
}

@Suite("Weather: hostile input values")
@MainActor
struct WeatherHostileInputValuesTests {
  @Test("cells and sizes at the ends of Int, decoded from JSON, are refused or clamped")
  func extremes() throws {
    let h = WeatherHarness()
    let session = WeatherSession(weather: h.viewModel, cache: h.cache, scheduler: h.scheduler.asAny)
    let json = #"""
      [{"weather":{"centreMap":{"column":9223372036854775807,"row":-9223372036854775808}}},
       {"weather":{"setMapVisible":{"_0":true}}},
       {"weather":{"setMapSize":{"columns":9223372036854775807,"rows":-9223372036854775808}}},
       {"weather":{"centreMap":{"column":-1,"row":9223372036854775807}}}]
      """#
    let inputs = try WireFormat.decoder().decode([WeatherSessionInput].self, from: Data(json.utf8))
    let answers = inputs.map { session.send($0).record(on: h.scheduler) }
    h.scheduler.advance(by: 1)
    #expect(
      answers.map(\.values) == [
        [.rejected("The map is hidden")], [.accepted], [.accepted],
        [.rejected("That is not on the map")],
      ])
    let state = try #require(h.viewModel.state.record(on: h.scheduler).last)
    #expect(state.mapRows.count == WeatherViewModel.mapRowRange.lowerBound)
  }
}
