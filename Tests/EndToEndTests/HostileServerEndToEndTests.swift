import FlyingFox
import Foundation
import LoopbackSupport
import Testing

/// Issue 9, items 1, 2 and 10: the built `cli` of each app against a loopback server that
/// answers with numbers out of range, a gzip bomb, or what asking again cannot mend.
@Suite("End to end: the apps against hostile servers", .timeLimit(.minutes(3)))
struct HostileServerEndToEndTests {
  static func weather(_ server: LoopbackServer, _ words: [String] = ["search", "London"])
    async throws -> Executables.Output
  {
    try await Executables.run(
      "cli", ["weather", "--ephemeral"] + words,
      environment: [
        "OPENWEATHER_API_KEY": "k", "OPENWEATHER_BASE_URL": server.baseURL.absoluteString + "/d",
      ])
  }

  @Test("item 1: a temperature of 1e300 is a message, not a crash")
  func weatherHugeTemperature() async throws {
    let body = #"{"coord":{"lat":1,"lon":2},"main":{"temp":1e300,"humidity":5},"name":"X"}"#
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
    }
    let output = try await Self.weather(server)
    await server.stop()
    #expect(output.status == 0)
    #expect(output.stdout.contains("! Unexpected response from the weather server\n"))
    #expect(output.stdout.contains("cityName: No data\n"))
  }

  @Test("item 1: a rate of 2e14 with 99 of each product is skipped, not an overflow")
  func checkoutHugeRate() async throws {
    let body = #"{"base":"GBP","date":"2025-01-15","rates":{"USD":2e14,"EUR":1.2}}"#
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
    }
    let output = try await Executables.run(
      "cli", ["checkout", "--ephemeral"],
      input: "add 1 99\nadd 2 99\nadd 3 99\nadd 4 99\ncheckout\ncurrency usd\ncurrency eur\n",
      environment: ["RATES_URL": server.baseURL.absoluteString + "/rates"])
    await server.stop()
    #expect(output.status == 1)
    // USD was skipped by the decoder; EUR converts 502.92 GBP exactly.
    #expect(output.stderr == "error: Unknown currency: USD\n", "\(output.stderr)")
    #expect(output.stdout.contains("total: Total: 603.50 EUR"), "\(output.stdout)")
  }

  @Test("item 1: a 429 whose reset is 1e16 is the default wait, not a crash")
  func tweetsHugeReset() async throws {
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(
        statusCode: .tooManyRequests,
        headers: HTTPHeaders([HTTPHeader("x-rate-limit-reset"): "1e16"]))
    }
    let output = try await Executables.run(
      "cli", ["tweets", "--ephemeral", "timeline"],
      environment: [
        "TWITTER_LIST_ID": "42", "TWITTER_BEARER_TOKEN": "t",
        "TWITTER_BASE_URL": server.baseURL.absoluteString,
      ])
    await server.stop()
    #expect(output.status < 128)
    #expect(output.stdout.contains("! Rate limited by Twitter. Try again in 60 s.\n"))
  }

  @Test("item 2: a gzip bomb leaves every live client under 100 MB resident")
  func gzipBombs() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.gzipBombResponse() }
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
    await server.stop()
    #expect(weather.stdout.contains("! The weather server's answer is too large\n"))
    #expect(tweets.stdout.contains("! Twitter sent a response that is too large (over 5 MB).\n"))
    #expect(checkout.stdout.contains("! Unable to retrieve currencies\n"))
    for output in [weather, tweets, checkout] {
      #expect(output.peakResidentKiB > 0 && output.peakResidentKiB < 100 * 1024)
      #expect(output.status < 128)
    }
  }

  @Test("item 10: a 403, an HTML page and an empty body are each asked for once")
  func weatherAsksOnce() async throws {
    for (status, body) in [(403, ""), (200, "<html>nope</html>"), (200, "")] {
      let requests = Recorded()
      let server = try await LoopbackServer { request in
        await requests.record(request.path)
        return FlyingFox.HTTPResponse(
          statusCode: HTTPStatusCode(status, phrase: "S"), body: Data(body.utf8))
      }
      let output = try await Self.weather(server)
      await server.stop()
      let message =
        status == 403
        ? "! Weather server error (HTTP 403)\n" : "! Unexpected response from the weather server\n"
      #expect(output.stdout.components(separatedBy: message).count == 2, "\(output.stdout)")
      #expect(output.stdout.contains("cityName: No data\n"))
      // An attempt that outlives its 10 s (this test process starved of CPU) is retried, as it
      // should be; otherwise the one answer is the only request.
      if !output.stdout.contains("! Network unavailable") {
        #expect(await requests.values == ["/d/weather"], "\(status) \(body)")
      }
    }
  }
}
