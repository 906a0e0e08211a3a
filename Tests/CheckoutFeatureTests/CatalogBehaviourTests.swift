import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Checkout: catalog")
@MainActor
struct CatalogBehaviourTests {
  @Test("CO-01 four rows at t=0, numbered, quantities 0")
  func co01() {
    let h = Harness().start()
    let rows = h.value(h.catalog.rows)
    #expect(rows.map(\.number) == [1, 2, 3, 4])
    #expect(
      rows.map(\.title) == ["Bag of Peas", "Dozen of Eggs", "Bottle of Milk", "Can of Beans"])
    #expect(
      rows.map(\.price) == [
        "For only 0.95 GBP", "For only 2.10 GBP", "For only 1.30 GBP", "For only 0.73 GBP",
      ])
    #expect(rows.allSatisfy { $0.quantity == "0" && $0.quantityValue == 0 })
    #expect(h.value(h.catalog.isLoading) == false)
  }

  @Test("CO-02 empty totals at t=0")
  func co02() {
    let h = Harness().start()
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
    #expect(h.value(h.catalog.cartCount) == "0 items")
    #expect(h.value(h.catalog.checkoutEnabled) == false)
    #expect(h.value(h.catalog.title) == "Supermarket")
  }

  @Test("CO-03 titles without a unit prefix and large prices")
  func co03() throws {
    let h = Harness()
    h.catalogService.answer = .success([
      Product(id: "saffron", name: "Saffron", unit: .none, priceMinor: 450),
      Product(id: "ham", name: "Ham", unit: .can, priceMinor: 123_450),
    ])
    h.start()
    let rows = h.value(h.catalog.rows)
    try #require(rows.count == 2)  // a short list fails this test, not the whole run
    #expect(rows[0].title == "Saffron" && rows[0].price == "For only 4.50 GBP")
    #expect(rows[1].price == "For only 1234.50 GBP")
  }

  @Test("CO-04 loading until a slow catalog answers")
  func co04() {
    let h = Harness()
    h.catalogService.delay = 2
    let loading = h.record(h.catalog.isLoading)
    let rows = h.record(h.catalog.rows)
    h.start()
    #expect(loading.values == [true])
    #expect(rows.values == [[]])
    h.scheduler.advance(seconds: 2)
    #expect(loading.values == [true, false])
    #expect(loading.times == [0, 2])
    #expect(rows.last?.count == 4)
    #expect(rows.times.last == 2)
  }

  @Test(
    "CO-05 a bad catalog fails whole with one message",
    arguments: [
      "not json",
      #"{"currency":"GBP","products":[{"id":"a","name":"A","unit":"bag","price":"1.00"},{"id":"a","name":"B","unit":"bag","price":"1.00"}]}"#,
      #"{"currency":"GBP","products":[{"id":"a","name":"A","unit":"bag","price":"0.9"}]}"#,
      #"{"currency":"GBP","products":[{"id":"a","name":"A","unit":"bag","price":"-1.00"}]}"#,
      #"{"currency":"GBP","products":[{"id":"a","name":"A","unit":"crate","price":"1.00"}]}"#,
      #"{"currency":"GBP","products":[{"id":"a","name":"   ","unit":"bag","price":"1.00"}]}"#,
      "fake error",
    ])
  func co05(body: String) {
    let h = Harness()
    if body == "fake error" {
      h.catalogService.answer = .failure(.network)
    } else {
      h.catalogService.answer = Result { () throws(CatalogError) in
        try CatalogDecoder.decode(Data(body.utf8))
      }
    }
    let message = h.record(h.catalog.messages)
    let rows = h.record(h.catalog.rows)
    let enabled = h.record(h.catalog.checkoutEnabled)
    h.start()
    #expect(message.values == ["Unable to load the catalog"])
    #expect(rows.values == [[]])
    #expect(enabled.values == [false])
  }

  @Test("CO-06 reload after a failure shows the rows")
  func co06() {
    let h = Harness()
    h.catalogService.answer = .failure(.timeout)
    h.start()
    h.catalogService.answer = .success(fixtureProducts)
    h.catalog.reload()
    h.scheduler.settle()
    #expect(h.value(h.catalog.rows).count == 4)
  }

  @Test("CO-76 filter keeps rows whose title contains the text")
  func co76() {
    let h = Harness().start()
    h.catalog.filter("BE")
    #expect(h.value(h.catalog.rows).map(\.number) == [4])
    for blank in ["", "  "] {
      h.catalog.filter(blank)
      #expect(h.value(h.catalog.rows).count == 4)
    }
  }

  @Test("CO-77 a filter with no match says so and changes nothing else")
  func co77() {
    let h = Harness().start()
    h.catalog.filter("peas x")
    #expect(h.value(h.catalog.rows) == [])
    #expect(h.value(h.catalog.emptyText) == "No products match peas x")
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
    #expect(h.catalog.add("peas") == .accepted)
    h.scheduler.settle()
    #expect(h.value(h.catalog.total) == "Total: 0.95 GBP")
  }

  @Test("CO-78 product matching by number, name, title and prefix")
  func co78() throws {
    let products = fixtureProducts
    #expect(try ProductMatcher.match("2", in: products).get().id == "eggs")
    for query in ["peas", "PEAS", "bag of peas"] {
      #expect(try ProductMatcher.match(query, in: products).get().id == "peas")
    }
    #expect(try ProductMatcher.match("mi", in: products).get().id == "milk")
  }

  @Test("CO-79 matching errors")
  func co79() {
    for query in ["0", "5", "zzz", ""] {
      #expect(
        ProductMatcher.match(query, in: fixtureProducts)
          == .failure(.init(message: "no product matches \"\(query)\"")))
    }
    let generated = CatalogGenerator.generate(count: 10_000)
    #expect(
      ProductMatcher.match("Product 0000", in: generated)
        == .failure(.init(message: "\"Product 0000\" matches 9 products")))
    #expect(
      ProductMatcher.match("1", in: []) == .failure(.init(message: "no product matches \"1\"")))
  }
}
