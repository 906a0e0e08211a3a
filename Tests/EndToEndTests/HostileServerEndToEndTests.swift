import Foundation
import LoopbackSupport
import Testing

/// Issue 9, items 1, 2 and 10: the built `cli` of each app against a loopback server that
/// answers with numbers out of range, a gzip bomb, or what asking again cannot mend. The
/// server runs on its own threads, so a busy test process still answers its children.
@Suite("End to end: the apps against hostile servers", .timeLimit(.minutes(9)))
struct HostileServerEndToEndTests {
  static func weather(_ server: ThreadedServer) async throws -> Executables.Output {
    try await Executables.run(
      "cli", ["weather", "--ephemeral", "search", "London"],
      environment: [
        "OPENWEATHER_API_KEY": "k", "OPENWEATHER_BASE_URL": server.baseURL.absoluteString + "/d",
      ])
  }

  static func body(_ text: String) -> ThreadedServer.Answer {
    ThreadedServer.Answer(body: Data(text.utf8))
  }

  @Test("item 1: a temperature of 1e300 is a message, not a crash")
  func weatherHugeTemperature() async throws {
    let server = try ThreadedServer { _ in
      Self.body(#"{"coord":{"lat":1,"lon":2},"main":{"temp":1e300,"humidity":5},"name":"X"}"#)
    }
    defer { server.stop() }
    let output = try await Self.weather(server)
    #expect(output.status == 0)
    #expect(output.stdout.contains("! Unexpected response from the weather server\n"))
    #expect(output.stdout.contains("cityName: No data\n"))
  }

  @Test("item 1: a rate of 2e14 with 99 of each product is skipped, not an overflow")
  func checkoutHugeRate() async throws {
    let server = try ThreadedServer { _ in
      Self.body(#"{"base":"GBP","date":"2025-01-15","rates":{"USD":2e14,"EUR":1.2}}"#)
    }
    defer { server.stop() }
    let output = try await Executables.run(
      "cli", ["checkout", "--ephemeral"],
      input: "add 1 99\nadd 2 99\nadd 3 99\nadd 4 99\ncheckout\ncurrency usd\ncurrency eur\n",
      environment: ["RATES_URL": server.baseURL.absoluteString + "/rates"])
    #expect(output.status == 1)
    // USD was skipped by the decoder; EUR converts 502.92 GBP exactly.
    #expect(output.stderr == "error: Unknown currency: USD\n", "\(output.stderr)")
    #expect(output.stdout.contains("total: Total: 603.50 EUR"), "\(output.stdout)")
  }

  @Test("item 1: a 429 whose reset is 1e16 is the default wait, not a crash")
  func tweetsHugeReset() async throws {
    let server = try ThreadedServer { _ in
      ThreadedServer.Answer(status: 429, headers: ["x-rate-limit-reset": "1e16"])
    }
    defer { server.stop() }
    let output = try await Executables.run(
      "cli", ["tweets", "--ephemeral", "timeline"],
      environment: [
        "TWITTER_LIST_ID": "42", "TWITTER_BEARER_TOKEN": "t",
        "TWITTER_BASE_URL": server.baseURL.absoluteString,
      ])
    #expect(output.status < 128)
    #expect(output.stdout.contains("! Rate limited by Twitter. Try again in 60 s.\n"))
  }

  @Test("item 2: a gzip bomb leaves every live client under 100 MB resident")
  func gzipBombs() async throws {
    let server = try ThreadedServer { _ in
      ThreadedServer.Answer(
        headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"],
        body: HostileBodies.gzipBomb)
    }
    defer { server.stop() }
    let weather = try await Self.weather(server)
    let tweets = try await Executables.run(
      "cli", ["tweets", "--ephemeral", "timeline"],
      environment: [
        "TWITTER_LIST_ID": "42", "TWITTER_BEARER_TOKEN": "t",
        "TWITTER_BASE_URL": server.baseURL.absoluteString,
      ])
    let checkout = try await Executables.run(
      "cli", ["checkout", "--ephemeral", "currency", "usd"],
      environment: ["RATES_URL": server.baseURL.absoluteString + "/rates"])
    #expect(weather.stdout.contains("! The weather server's answer is too large\n"))
    #expect(tweets.stdout.contains("! Twitter sent a response that is too large.\n"))
    #expect(checkout.stdout.contains("! Unable to retrieve currencies\n"))
    for output in [weather, tweets, checkout] {
      #expect(output.peakResidentKiB > 0 && output.peakResidentKiB < 100 * 1024)
      #expect(output.status < 128)
    }
  }

  @Test("item 10: a 403, an HTML page and an empty body are each asked for once")
  func weatherAsksOnce() async throws {
    for (status, body) in [(403, ""), (200, "<html>nope</html>"), (200, "")] {
      let server = try ThreadedServer { _ in
        ThreadedServer.Answer(status: status, body: Data(body.utf8))
      }
      defer { server.stop() }
      let output = try await Self.weather(server)
      let message =
        status == 403
        ? "! Weather server error (HTTP 403)\n" : "! Unexpected response from the weather server\n"
      #expect(output.stdout.components(separatedBy: message).count == 2, "\(output.stdout)")
      #expect(output.stdout.contains("cityName: No data\n"))
      #expect(server.requests.count == 1, "\(status) \(body): \(server.requests)")
    }
  }
}
