import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import CLIApp

/// Issue 9, items 5, 6 and 11, in process.
@Suite("CLI: hostile input")
@MainActor
struct InputHardeningTests {
  @Test(
    "item 6 / 11: row numbers and ids are plain digits; signs, Int.min and overflow are refused",
    arguments: [
      ("1", 1), ("42", 42), ("-9223372036854775808", nil), ("9223372036854775808", nil),
      ("+1", nil), ("-1", nil), ("0", nil), ("", nil), ("1e3", nil), ("٣", nil), (" 1", nil),
      ("999999999999999999", 999_999_999_999_999_999), ("0x10", nil),
      ("9223372036854775807", Int.max), ("00000000000000000001", nil),
    ] as [(String, Int?)])
  func ordinals(text: String, expected: Int?) {
    #expect(CLIOrdinal.parse(text) == expected)
  }

  @Test("item 11: control characters in printed lines are shown, not obeyed")
  func visibleText() {
    #expect(VisibleText.of("plain é 👩‍🔬") == "plain é 👩‍🔬")
    #expect(VisibleText.of("\u{1B}[2Jgone") == "\\u{1B}[2Jgone")
    #expect(VisibleText.of("a\u{7}b\u{9B}c\u{7F}") == "a\\u{7}b\\u{9B}c\\u{7F}")
  }

  @Test("item 11: an unknown command's escape sequence reaches stderr made visible")
  func unknownCommandEcho() {
    let h = CLIHarness()
    h.run(["\u{1B}[2Jclear"])
    #expect(h.streams.stderr == [#"error: unknown command '\u{1B}[2Jclear'; type help"#])
  }

  @Test("item 5: a cart change that cannot be saved prints error: and exits 1")
  func failedSave() {
    final class BrokenCart: CheckoutStorage {
      let inner = InMemoryCheckoutStorage(orders: [])
      func loadCart() -> AnyPublisher<[String: Int], StorageError> { inner.loadCart() }
      func applyCartChanges(_ c: [String: Int]) -> AnyPublisher<[String: Int], StorageError> {
        Fail(error: .writeFailed).eraseToAnyPublisher()
      }
      func saveOrder(_ d: OrderDraft) -> AnyPublisher<Order, StorageError> { inner.saveOrder(d) }
      func loadAccount() -> AnyPublisher<Account?, StorageError> { inner.loadAccount() }
      func saveAccount(_ a: Account?) -> AnyPublisher<Void, StorageError> { inner.saveAccount(a) }
      func observeOrders() -> AnyPublisher<[Order], StorageError> { inner.observeOrders() }
    }
    let h = CLIHarness(storage: BrokenCart())
    h.run(["add peas"])
    #expect(h.streams.stderr == ["error: Your cart could not be saved"])
    #expect(h.shell.exitStatus == 1)
  }
}
