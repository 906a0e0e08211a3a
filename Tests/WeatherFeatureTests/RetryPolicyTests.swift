import Foundation
import Testing
import ViewModelKit
import WeatherFeature

/// Issue 9, item 10: only what may mend is asked again, and a server's `Retry-After` is
/// honoured (in virtual time).
@Suite("Weather: what is retried")
@MainActor
struct WeatherRetryPolicyTests {
  @Test(
    "a refusal, a malformed or an oversized answer is asked once, then falls back",
    arguments: [
      WeatherError.refused(status: 403), .malformedResponse, .tooLarge,
    ])
  func final(error: WeatherError) {
    let h = WeatherHarness()
    h.service.defaultReply = .fail(error)
    h.search("London")
    h.at(60)
    #expect(h.service.callTimes == [0])
    #expect(h.toast.values == [error.message] && h.toast.times == [0])
    #expect(h.cityName.last == "No data" && h.cityName.times.last == 0)
  }

  @Test("a 429 asking for 5 s is asked again at 5 s, not at 1 s")
  func retryAfterHonoured() {
    let h = WeatherHarness()
    h.service.replies = [.fail(.rateLimited(retryAfter: 5)), .answer(W_London)]
    h.search("London")
    h.at(30)
    #expect(h.service.callTimes == [0, 5])
    #expect(h.cityName.last == "London" && h.cityName.times.last == 5)
  }

  @Test("a 429 asking for longer than a minute is not asked again")
  func retryAfterTooLong() {
    let h = WeatherHarness()
    h.service.defaultReply = .fail(.rateLimited(retryAfter: 120))
    h.search("London")
    h.at(300)
    #expect(h.service.callTimes == [0])
    #expect(h.toast.values == ["Too many requests: the weather service is rate limiting"])
    #expect(h.cityName.last == "No data")
  }

  @Test("a 429 asking for less than the back-off waits the back-off")
  func retryAfterShorterThanBackOff() {
    let h = WeatherHarness()
    h.service.replies = [
      .fail(.network), .fail(.rateLimited(retryAfter: 0)), .answer(W_London),
    ]
    h.search("London")
    h.at(30)
    #expect(h.service.callTimes == [0, 1, 3])
  }
}

/// Issue 26, item 4: a query has an overall deadline, its attempts' total.
@Suite("Weather: a query's total deadline")
@MainActor
struct WeatherQueryBudgetTests {
  @Test("the total is four full attempts and the back-offs: 46 s")
  func budget() {
    #expect(WeatherViewModel.queryBudget == 46)
  }

  @Test("a 429 asking for 60 s ends the query at once with its message and the fallback")
  func retryAfterPastTheTotal() {
    let h = WeatherHarness()
    h.service.defaultReply = .fail(.rateLimited(retryAfter: 60))
    h.search("London")
    h.at(0)
    #expect(h.service.callTimes == [0])
    #expect(h.toast.values == ["Too many requests: the weather service is rate limiting"])
    #expect(h.cityName.last == "No data" && h.cityName.times.last == 0)
    h.at(300)
    #expect(h.service.callTimes == [0])
  }

  @Test("a 429 late in the query whose wait would pass 46 s ends it at once")
  func lateRetryAfter() {
    let h = WeatherHarness()
    h.service.replies = [.fail(.network), .fail(.rateLimited(retryAfter: 40))]
    h.search("London")
    h.at(300)
    #expect(h.service.callTimes == [0, 1])
    #expect(h.cityName.last == "No data" && h.cityName.times.last == 1)
  }

  @Test("four silent attempts end the query at 46 s, settled")
  func silentAttempts() {
    let h = WeatherHarness()
    h.service.defaultReply = .never
    h.search("London")
    h.at(45.9)
    #expect(h.isSettled.last == false)
    h.at(46)
    #expect(h.service.callTimes == [0, 11, 23, 36])
    #expect(h.cityName.last == "No data" && h.cityName.times.last == 46)
  }
}

/// Issue 26, item 10: numbers a current-weather body may not carry.
@Suite("Weather: a current-weather body's offset and code are checked")
@MainActor
struct WeatherBodyBoundsTests {
  func body(_ extra: String) -> Data {
    Data(
      #"{"coord":{"lat":51.5,"lon":-0.1},"main":{"temp":12,"humidity":50},"name":"London"\#(extra)}"#
        .utf8)
  }

  @Test("a time-zone offset beyond ±18 h, or Int.min, is malformed; ±18 h itself is read")
  func timezone() {
    for offset in ["64801", "-64801", "\(Int.min)"] {
      #expect(throws: WeatherError.malformedResponse) {
        try WeatherDecoder.current(body(#","timezone":\#(offset)"#))
      }
    }
    #expect((try? WeatherDecoder.current(body(#","timezone":64800"#))) != nil)
  }

  @Test("a cod that is no HTTP status is malformed, not shown as one")
  func code() {
    #expect(throws: WeatherError.malformedResponse) {
      try WeatherDecoder.current(body(#","cod":-9223372036854775808"#))
    }
    #expect(throws: WeatherError.cityNotFound) {
      try WeatherDecoder.current(body(#","cod":"404""#))
    }
  }
}
