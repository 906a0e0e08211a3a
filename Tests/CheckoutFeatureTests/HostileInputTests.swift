import AppInfrastructure
import CheckoutFeature
import FlyingFox
import Foundation
import LoopbackSupport
import PropertyBased
import Testing
import ViewModelKit

/// Issue 9, items 1 and 2 for checkout: rates the app cannot use, arithmetic that must not
/// trap, and bodies past the limit.
@Suite("Checkout: hostile numbers and bodies", .timeLimit(.minutes(6)))
struct CheckoutHostileInputTests {
  func rates(_ entries: String) -> Data {
    Data(#"{"base":"GBP","date":"2025-01-15","rates":{\#(entries)}}"#.utf8)
  }

  @Test("item 1: a rate outside 1e-6…1e6 is skipped; the edges are kept")
  func rateRange() throws {
    let table = try RatesDecoder.decode(
      rates(#""AAA":2e14,"BBB":1e-7,"CCC":1000000,"DDD":0.000001,"EEE":1.5"#))
    #expect(table.currencies.map(\.code) == ["GBP", "CCC", "DDD", "EEE"])
  }

  @Test("item 1: 99 of a product at the highest rate stays far from Int.max")
  func conversionBounds() throws {
    let table = try RatesDecoder.decode(rates(#""JPY":1000000"#))
    let rate = table.currencies[1].rate
    let most = try 99 * #require(Money.parsePrice("99999.99"))
    #expect(Money.convert(most, rate: rate) == most * 1_000_000)
  }

  @Test("item 1: conversion clamps rather than traps, whatever the numbers")
  func conversionNeverTraps() async {
    let rates = Gen.int(in: Int(Int64.min)...Int(Int64.max)).map { units in
      ScaledDecimal(units: Int64(units), scale: 0)
    }
    await propertyCheck(
      count: 500, input: Gen.int(in: Int.min...Int.max), rates, Gen.int(in: 0...18)
    ) { base, rate, scale in
      let scaled = ScaledDecimal(units: rate.units, scale: scale)
      _ = Money.convert(base, rate: scaled)
      #expect(!Money.format(base, code: "GBP").isEmpty)
    }
  }

  @Test("property: the rates decoder takes any numbers without a trap, keeping only usable ones")
  func ratesDecoder() async throws {
    let numbers = Gen.oneOf(
      Gen.double(in: -308...308).map { "\(pow(10, $0))" },
      Gen.double(in: -308...308).map { "-\(pow(10, $0))" },
      Gen.int(in: Int.min...Int.max).map { "\($0)" },
      Gen.element(of: ["1e400", "-0", "0", "\"1.5\"", "null", "true", "[]"]).map { $0 ?? "0" })
    await propertyCheck(count: 400, input: numbers.array(of: 1...8)) { values in
      let entries = values.enumerated().map { index, value in
        "\"C\(String(UnicodeScalar(UInt8(65 + index))))X\":\(value)"
      }
      if let table = try? RatesDecoder.decode(rates(entries.joined(separator: ","))) {
        for currency in table.currencies.dropFirst() {
          #expect(currency.rate.decimal >= Decimal(0.000001))
          #expect(currency.rate.decimal <= 1_000_000)
        }
      }
    }
  }

  @Test("item 2: a rates body that inflates past the limit is refused as malformed")
  func gzipBomb() async throws {
    let server = try await LoopbackServer { _ in HostileBodies.gzipBombResponse() }
    let service = HTTPRatesService(
      url: server.baseURL, apiKey: nil, client: CurlHTTPClient(timeout: 120))
    let result = try await outcome(of: service.latestRates())
    await server.stop()
    #expect(result == .failure(.malformed))
  }

  @Test("item 1: a quantity arithmetic that would overflow is clamped to 0…99")
  func cartArithmetic() {
    #expect(CartArithmetic.applying(Int.max, to: 5) == 99)
    #expect(CartArithmetic.applying(Int.min, to: 5) == 0)
    #expect(CartArithmetic.applying(-3, to: 2) == 0)
    #expect(
      CartArithmetic.applying(["a": 2, "b": -1, "c": 0], to: ["b": 1, "d": 4]) == [
        "a": 2, "d": 4,
      ])
  }
}

/// Issue 9: the catalog decoder takes any prices, ids and names without a trap, and what it
/// accepts is within the app's ranges.
@Suite("Checkout: the catalog decoder, property-based")
struct CatalogDecoderPropertyTests {
  @Test("hostile prices and names are refused or kept within range")
  func catalogs() async {
    let prices = Gen.oneOf(
      Gen.int(in: Int.min...Int.max).map { "\"\($0)\"" },
      Gen.double(in: -308...308).map { "\(pow(10, $0))" },
      Gen.element(of: [
        "\"99999.99\"", "\"100000.00\"", "\"0.00\"", "\"-1.00\"", "\"1e5\"", "\"٣.٠٠\"",
        "null", "\"99999.999\"",
      ]).map { $0 ?? "null" })
    let names = Gen.element(of: ["Peas", "", String(repeating: "é", count: 61), "👩‍🔬"])
      .map { $0 ?? "" }
    await propertyCheck(count: 300, input: prices, names) { price, name in
      let body = """
        {"currency":"GBP","products":[{"id":"p","name":"\(name)","unit":"bag","price":\(price)}]}
        """
      if let products = try? CatalogDecoder.decode(Data(body.utf8)) {
        #expect(products.allSatisfy { (0...9_999_999).contains($0.priceMinor) })
      }
    }
  }
}
