import AppInfrastructure
import CheckoutFeature
import Fixtures
import FlyingFox
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit

@Suite("Checkout: HTTP clients against a loopback server")
struct HTTPServicesTests {
  static func body(_ fixture: String) -> Data {
    (try? FixtureLoader.bundled.data("checkout/\(fixture)")) ?? Data()
  }

  func rates(_ server: LoopbackServer, key: String? = nil, timeout: TimeInterval = 30)
    -> HTTPRatesService
  {
    HTTPRatesService(
      url: server.baseURL.appendingPathComponent("latest"), apiKey: key,
      client: CurlHTTPClient(timeout: timeout))
  }

  @Test("200 with the fixture body gives the table, with headers and the access key")
  func ok() async throws {
    let seen = Recorded()
    let server = try await LoopbackServer { request in
      await seen.record(
        "\(request.path)?\(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")) \(request.headers[HTTPHeader("Accept")] ?? "") \(request.headers[HTTPHeader("User-Agent")] ?? "")"
      )
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.body("rates.json"))
    }
    let result = try await outcome(of: rates(server, key: "s3cret").latestRates())
    await server.stop()
    #expect(try result.get() == fixtureTable)
    #expect(await seen.values == ["/latest?access_key=s3cret application/json HeadlessMVVM"])
  }

  @Test("a malformed body, an API error and a missing rates object")
  func malformed() async throws {
    for (fixture, expected) in [
      ("errors/rates-not-json.txt", RatesError.malformed),
      ("errors/rates-missing.json", .malformed),
      ("errors/rates-api-error.json", .api(code: 101)),
    ] {
      let server = try await LoopbackServer { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Self.body(fixture))
      }
      let result = try await outcome(of: rates(server).latestRates())
      await server.stop()
      #expect(result == .failure(expected), "\(fixture)")
    }
  }

  @Test("404 and 500 are HTTP errors", arguments: [404, 500])
  func statuses(status: Int) async throws {
    let server = try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(
        statusCode: HTTPStatusCode(status, phrase: "Error"), body: Data("{}".utf8))
    }
    let result = try await outcome(of: rates(server).latestRates())
    await server.stop()
    #expect(result == .failure(.http(status: status)))
  }

  @Test("a stall past the timeout is a timeout")
  func stall() async throws {
    let gate = Gate()
    let server = try await LoopbackServer { _ in
      await gate.wait()
      return FlyingFox.HTTPResponse(statusCode: .ok, body: Self.body("rates.json"))
    }
    let result = try await outcome(of: rates(server, timeout: 1).latestRates())
    await gate.release()
    await server.stop()
    #expect(result == .failure(.timeout))
  }

  @Test("nobody listening is a network error")
  func refused() async throws {
    let closed = try ClosedPort()
    let service = HTTPRatesService(
      url: closed.baseURL, apiKey: nil, client: CurlHTTPClient(timeout: 120))
    #expect(try await outcome(of: service.latestRates()) == .failure(.network))
  }

  @Test("the catalog over HTTP: the fixture, a duplicate id and a 500")
  func catalog() async throws {
    for (fixture, status) in [
      ("catalog.json", 200), ("errors/catalog-duplicate.json", 200), ("catalog.json", 500),
    ] {
      let server = try await LoopbackServer { _ in
        FlyingFox.HTTPResponse(
          statusCode: HTTPStatusCode(status, phrase: "X"), body: Self.body(fixture))
      }
      let service = HTTPCatalogService(
        url: server.baseURL.appendingPathComponent("catalog.json"),
        client: CurlHTTPClient(timeout: 120))
      let result = try await outcome(of: service.loadCatalog())
      await server.stop()
      switch (fixture, status) {
      case ("catalog.json", 200): #expect(try result.get() == fixtureProducts)
      case (_, 500): #expect(result == .failure(.http(status: 500)))
      default: #expect(result == .failure(.malformed(reason: "product id peas is repeated")))
      }
    }
  }
}
