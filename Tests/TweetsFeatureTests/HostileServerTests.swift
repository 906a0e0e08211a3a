import AppInfrastructure
import FlyingFox
import Foundation
import LoopbackSupport
import PropertyBased
import Testing
import TweetsFeature
import ViewModelKit

/// Issue 9, items 1 and 2 for the tweets client: a rate-limit reset the app cannot wait for,
/// and bodies past the limit.
@Suite("Tweets: hostile servers", .timeLimit(.minutes(6)))
struct TweetsHostileServerTests {
  static let pinned = Date(timeIntervalSince1970: 1_741_953_600)

  func client(_ base: URL) -> URLSessionTwitterAPI {
    URLSessionTwitterAPI(
      baseURL: base, timeout: 30,
      now: { Self.pinned })
  }

  @Test(
    "item 1: a reset of 1e16, NaN or more than a day away is no wait at all (the default 60 s)",
    arguments: ["1e16", "1e300", "nan", "inf", "\(1_741_953_600 + 86_401)"])
  func hugeReset(reset: String) async throws {
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(
        statusCode: .tooManyRequests,
        headers: HTTPHeaders([HTTPHeader("x-rate-limit-reset"): reset]))
    }
    let result = try await outcome(of: client(server.baseURL).user(username: "x", token: "t"))
    await server.stop()
    #expect(result == .failure(.rateLimited(retryAfter: nil)))
    #expect(
      TwitterError.rateLimited(retryAfter: nil).message
        == "Rate limited by Twitter. Try again in 60 s.")
  }

  @Test("item 1: a poller given an absurd wait still waits the default and does not trap")
  @MainActor func pollerWithAbsurdWait() {
    for wait in [1e16, .infinity, .nan, -5] {
      let h = TweetsHarness()
      h.api.listReplies = [.fail(.rateLimited(retryAfter: wait))]
      let list = h.listTimeline()
      h.at(61)
      #expect(h.api.times("list") == [0, 60], "\(wait)")
      #expect(list.error.values == ["Rate limited by Twitter. Try again in 60 s."])
    }
  }

  @Test("item 2: a gzip bomb is refused at the body limit with its own message")
  func gzipBomb() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.gzipBombResponse() }
    let result = try await outcome(of: client(server.baseURL).user(username: "x", token: "t"))
    await server.stop()
    #expect(result == .failure(.tooLarge))
    #expect(
      TwitterError.tooLarge.message
        == "Twitter sent a response that is too large.")
  }

  @Test("property: every wait, message and reset header is handled without a trap")
  func waits() async {
    let doubles = Gen.oneOf(
      Gen.double(in: -308...308).map { pow(10, $0) },
      Gen.double(in: -308...308).map { -pow(10, $0) },
      Gen.element(of: [Double.nan, .infinity, -.infinity, 0, 86_400, 86_400.5]).map { $0 ?? 0 })
    await propertyCheck(count: 500, input: doubles) { value in
      let wait = TwitterError.usableWait(value)
      #expect((0...TwitterError.maximumWait).contains(wait))
      #expect(TwitterError.rateLimited(retryAfter: value).message.hasPrefix("Rate limited"))
      let header = TwitterError.wait(untilReset: "\(value)", now: Self.pinned)
      #expect(header.map { (0...TwitterError.maximumWait).contains($0) } ?? true)
    }
  }
}

/// Issue 9, item 11: the CLI's `wait <seconds>` lets app time pass as pending work.
@Suite("Tweets: letting time pass")
@MainActor
struct LetTimePassTests {
  @Test("letTimePass(5) keeps the app busy for 5 s of its time, so polls that fall due are seen")
  func busyForTheWait() {
    let h = TweetsHarness()
    let navigator = TweetsNavigator(list: L, env: h.env)
    navigator.start()
    h.scheduler.settle()
    #expect(!navigator.isBusy)
    navigator.letTimePass(5)
    #expect(navigator.isBusy)
    h.at(4.9)
    #expect(navigator.isBusy)
    h.at(5)
    #expect(!navigator.isBusy)
  }

  @Test("issue 38, item 2: stopWaiting (Ctrl-C) ends every wait at once, at the same virtual time")
  func stopWaiting() {
    let h = TweetsHarness()
    let navigator = TweetsNavigator(list: L, env: h.env)
    navigator.start()
    h.scheduler.settle()
    navigator.letTimePass(8)
    navigator.letTimePass(3)
    h.at(1)
    #expect(navigator.isBusy)
    navigator.stopWaiting()
    #expect(!navigator.isBusy)
    h.at(9)
    #expect(!navigator.isBusy)
  }

  @Test("a wait outside 0…60 s is ignored")
  func outOfRange() {
    let h = TweetsHarness()
    let navigator = TweetsNavigator(list: L, env: h.env)
    for seconds in [0, -1, 61, .infinity, .nan] {
      navigator.letTimePass(seconds)
      #expect(!navigator.isBusy, "\(seconds)")
    }
  }
}

/// Issue 9: the tweets decoder and the age formatter take any ids, dates and numbers.
@Suite("Tweets: extreme input, property-based")
@MainActor
struct TweetsExtremeInputPropertyTests {
  static let ids = Gen.oneOf(
    Gen.int(in: Int.min...Int.max).map { "\($0)" },
    Gen.element(of: [
      "99999999999999999999999", "-1", "0", "", "1e5", "9223372036854775807",
      "9223372036854775808", "１２３",
    ]).map { $0 ?? "" })
  static let dates = Gen.oneOf(
    Gen.int(in: -9999...99999).map { String(format: "%05d-01-01T00:00:00Z", $0) },
    Gen.element(of: [
      "2025-03-14T12:00:00.000Z", "0000-00-00T00:00:00Z", "9999-12-31T23:59:59.999Z",
      "-0001-01-01T00:00:00Z", "2025-02-30T25:61:61Z", "",
    ]).map { $0 ?? "" })

  @Test("timelines of hostile ids and dates decode or skip, and every age formats")
  func timelines() async {
    await propertyCheck(count: 300, input: Self.ids, Self.ids, Self.dates) { id, author, date in
      let body = """
        {"data":[{"id":"\(id)","author_id":"\(author)","text":"x","created_at":"\(date)"}],\
        "includes":{"users":[{"id":"\(author)","name":"n","username":"u"}]},\
        "meta":{"next_token":"t","result_count":\(id.isEmpty ? "0" : "1e400")}}
        """
      guard let page = try? TweetsDecoder.timeline(Data(body.utf8)) else { return }
      for tweet in page.tweets {
        let now = Date(timeIntervalSince1970: 1_741_953_600)
        #expect(
          !TweetsText.age(of: tweet.createdAt, now: now, timeZone: TimeZone.gmt)
            .isEmpty)
      }
    }
  }

  @Test("ages of any date, however far, format without a trap")
  func ages() async {
    let seconds = Gen.oneOf(
      Gen.double(in: -1e11...1e11), Gen.element(of: [Double.nan, 1e300, -1e300]).map { $0 ?? 0 })
    await propertyCheck(count: 300, input: seconds) { offset in
      let now = Date(timeIntervalSince1970: 1_741_953_600)
      let date = now.addingTimeInterval(offset.isFinite ? offset : 0)
      #expect(!TweetsText.age(of: date, now: now, timeZone: TimeZone.gmt).isEmpty)
    }
  }
}
