import CheckoutFeature
import Foundation
import TUIApp
import TerminalUI
import Testing
import ViewModelKit
import ViewModelKitTesting

/// Issue 29, item 1: whatever way the same bytes arrive (one at a time, all in one read, split
/// at random points, with turns of the main queue between the reads or not), the screen ends
/// as when the keys are typed one by one.
@Suite("TUI: a burst of keys")
@MainActor
struct KeyBurstTests {
  /// Which app's screen a form is on.
  enum App: Sendable { case checkout, todo, weather, tweets }

  /// A form, how to reach it, and the bytes typed into it.
  struct Form: Sendable, CustomTestStringConvertible {
    let name: String
    var app = App.checkout
    let open: [Key]
    let bytes: [UInt8]
    var testDescription: String { name }
  }

  /// A harness showing `app`.
  static func harness(_ app: App) throws -> ScreenDriver {
    switch app {
    case .checkout: TUIHarness()
    case .todo: TodoTUIHarness()
    case .weather: try WeatherTUIHarness()
    case .tweets: try TweetsTUIHarness()
    }
  }

  nonisolated static let forms = [
    // The burst of the issue: Username focused, Tab, the email, Tab, the password, Tab.
    Form(
      name: "account", open: [.character("A")],
      bytes: Array("\tbo@example.com\tsecret12\tsecret12\t".utf8)),
    Form(
      name: "order form", open: [.character("+"), .enter, .character("n")],
      bytes: Array("Ana Lima\tana@example.com\t4 Quay Lane\u{7F}e".utf8)),
    Form(
      name: "todo editor", app: .todo, open: [.character("n")], bytes: Array("Buy oat milk\r".utf8)),
    Form(
      name: "todo filter", app: .todo, open: [.character("/")], bytes: Array("basil\u{7F}il".utf8)),
    Form(
      name: "weather city", app: .weather, open: [.character("/"), .controlU],
      bytes: Array("Paris\rq".utf8)),
    Form(
      name: "tweets filter", app: .tweets, open: [.character("/")],
      bytes: Array("rx \u{15}retry".utf8)
    ),
  ]

  /// The screen after `form`'s bytes arrive in `chunks`, read through a `KeyPump` whose turns
  /// are the test scheduler's; `turns[i]`: the queue runs after chunk `i` (else the next read
  /// comes first).
  static func screen(_ form: Form, chunks: [[UInt8]], turns: [Bool]) throws -> String {
    let h = try harness(form.app)
    h.press(form.open)
    var decoder = KeyDecoder()
    let pump = KeyPump(
      yield: { work in h.scheduler.schedule { MainActor.assumeIsolated { work() } } },
      acceptsText: { h.root.acceptsText }, deliver: { h.root.handle($0) != .quit })
    for (index, chunk) in chunks.enumerated() {
      pump.enqueue(decoder.decode(chunk))
      if turns[index] { h.scheduler.settle() }
    }
    pump.enqueue(decoder.flush())  // what the run loop does when nothing more comes
    h.scheduler.settle()
    // Checks that wait for typing to pause (the username's) have their say.
    h.scheduler.advance(by: .seconds(1))
    #expect(pump.isEmpty)
    return h.screen()
  }

  /// The same bytes typed one by one, the app settling after each.
  static func typed(_ form: Form) throws -> String {
    let h = try harness(form.app)
    h.press(form.open)
    var decoder = KeyDecoder()
    for byte in form.bytes { h.press(decoder.decode([byte])) }
    h.press(decoder.flush())
    h.scheduler.advance(by: .seconds(1))
    return h.screen()
  }

  @Test("split at random points, with or without turns between: the typed screen", arguments: forms)
  func randomSplits(form: Form) throws {
    let expected = try Self.typed(form)
    try Self.expectEverySplit(form, is: expected, seed: 29, tries: 40, largest: 12)
  }

  /// Feeds `form`'s bytes in one read, then `tries` times split at random points (at most
  /// `largest` bytes a read) with or without turns between, and expects the `expected` screen.
  static func expectEverySplit(
    _ form: Form, is expected: String, seed: UInt64, tries: Int, largest: Int
  ) throws {
    var random = SplitMix(seed: seed)
    #expect(try screen(form, chunks: [form.bytes], turns: [false]) == expected, "one read")
    for _ in 0..<tries {
      var chunks: [[UInt8]] = []
      var rest = form.bytes[...]
      while !rest.isEmpty {
        let size = 1 + Int(random.next() % UInt64(min(rest.count, largest)))
        chunks.append(Array(rest.prefix(size)))
        rest = rest.dropFirst(size)
      }
      let turns = chunks.map { _ in random.next() % 2 == 0 }
      #expect(try screen(form, chunks: chunks, turns: turns) == expected, "\(chunks.count) reads")
    }
  }

  @Test(
    "a bracketed paste, split at random points, is the text typed: q, / and ? stay text",
    arguments: forms)
  func bracketedPaste(form: Form) throws {
    let text = "Pasted q/? text, é and 東京"
    let typed = try Self.typed(
      Form(name: form.name, app: form.app, open: form.open, bytes: Array(text.utf8)))
    let pasted = Form(
      name: form.name, app: form.app, open: form.open,
      bytes: Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8))
    try Self.expectEverySplit(pasted, is: typed, seed: 2004, tries: 20, largest: 9)
  }

  @Test("the account burst fills the email and both passwords: Ready")
  func accountBurst() throws {
    let form = Form(
      name: "account", open: [.character("A")],
      bytes: Array("ana_42\tbo@example.com\tsecret12\tsecret12\t".utf8))
    let screen = try Self.screen(form, chunks: [form.bytes], turns: [false])
    #expect(screen.contains("bo@example.com"), "\(screen)")
    #expect(screen.contains("Ready") && !screen.contains("Passwords do not match"), "\(screen)")
  }
}

/// A small seeded generator, so that a failing split is the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension ScreenDriver {
  /// Presses `keys`, settling after each.
  @discardableResult
  func press(_ keys: [Key]) -> String {
    for key in keys { press(key) }
    return screen()
  }
}
