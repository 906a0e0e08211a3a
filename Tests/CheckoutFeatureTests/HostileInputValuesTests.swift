import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Input values from a message (a web page, a recording) are hostile input too: decoded from
/// JSON with extreme numbers and huge text, each is refused or clamped, and nothing traps.
@Suite("Checkout: hostile input values")
@MainActor
struct CheckoutHostileInputValuesTests {
  @Test("extreme quantities and a huge filter, decoded from JSON, are refused or harmless")
  func extremes() throws {
    let h = Harness().start()
    let huge = String(repeating: "x", count: 100_000)
    let json = #"""
      [{"catalog":{"add":{"id":"peas","quantity":9223372036854775807}}},
       {"catalog":{"remove":{"id":"peas","quantity":-9223372036854775808}}},
       {"catalog":{"filter":{"text":"\#(huge)"}}},
       {"checkout":{"select":{"code":"\#(huge)"}}}]
      """#
    let inputs = try WireFormat.decoder().decode(
      [CheckoutSessionInput].self, from: Data(json.utf8))
    let answers = inputs.map { h.session.send($0).record(on: h.scheduler) }
    h.scheduler.settle()
    #expect(answers[0].values == [.rejected("Quantity must be between 1 and 99")])
    #expect(answers[1].values == [.rejected("Quantity must be between 1 and 99")])
    #expect(answers[2].values == [.accepted])
    #expect(answers[3].values == [.rejected("The currency list is not open")])
    #expect(h.value(h.catalog.total) == "Total: 0.00 GBP")
  }
}
