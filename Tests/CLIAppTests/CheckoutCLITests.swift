import AppInfrastructure
import CLIApp
import CheckoutFeature
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

/// A checkout CLI session in process, on a test scheduler.
@MainActor
final class CLIHarness {
  let scheduler = DispatchQueue.test
  let streams = MemoryStreams()
  let session: CheckoutSession
  let shell: CLIShell

  init(
    json: Bool = false, storage: any CheckoutStorage = InMemoryCheckoutStorage(orders: []),
    rates: any RatesService = FixtureRatesService(),
    connectivity: any ConnectivityService = AlwaysOnline(),
    catalog: any CatalogService = FixtureCatalogService()
  ) {
    session = CheckoutSession(
      services: CheckoutServices(
        catalog: catalog, rates: rates, connectivity: connectivity, storage: storage),
      clock: { (ISO8601DateFormatter().date(from: "2025-01-15T14:03:00Z") ?? .distantPast) },
      timeZone: TimeZone.gmt, scheduler: scheduler.asAny)
    shell = CLIShell(
      app: CheckoutCLI(session: session), json: json, streams: streams,
      waiter: TestSchedulerSettleWaiter(scheduler: scheduler))
  }

  /// Starts interactively, runs each line (echoed as "> line"), then ends the input.
  func run(_ lines: [String], interactive: Bool = true) {
    shell.start(printInitialSet: interactive) {}
    for line in lines {
      streams.note("> " + line)
      shell.run(line: line) { _ in }
    }
    shell.finish {}
  }
}

@Suite("CLI: checkout")
@MainActor
struct CheckoutCLITests {
  /// The spec's transcript (section 6.2): its output, which the end-to-end test also reads.
  static let expectedOutput =
    (try? String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../EndToEndTests/checkout-transcript.txt"),
      encoding: .utf8)) ?? "(the transcript file could not be read)"

  static let transcriptInputs = [
    "add peas 2", "add 2 2", "checkout", "currency aud", "email ana@example.com", "name Ana Lima",
    "address 4 Quay Lane, Dunmore", "order", "orders",
  ]

  @Test("the spec's transcript comes out exactly")
  func transcript() {
    let h = CLIHarness()
    h.run(Self.transcriptInputs)
    #expect(h.streams.stdout.joined(separator: "\n") + "\n" == Self.expectedOutput)
    #expect(h.streams.stderr.isEmpty)
    #expect(h.shell.exitStatus == 0)
  }

  @Test("an unknown product is an error line and exit status 1")
  func unknownProduct() {
    let h = CLIHarness()
    h.run(["add caviar", "add peas two"])
    #expect(
      h.streams.stderr == [
        "error: no product matches \"caviar\"", "error: no product matches \"peas two\"",
      ])
    #expect(h.shell.exitStatus == 1)
  }

  @Test("issue 39, item 3: a refusal prints once, as the error")
  func refusal() {
    let h = CLIHarness()
    h.run(["add peas 100", "checkout"])
    #expect(
      Array(h.streams.transcript.suffix(4)) == [
        "> add peas 100", "error: Quantity must be between 1 and 99",
        "> checkout", "error: Your cart is empty",
      ])
  }

  @Test("unknown commands and bad quoting")
  func unknownCommand() {
    let h = CLIHarness()
    h.run(["frobnicate now", "add 'peas"])
    #expect(
      h.streams.stderr == [
        "error: unknown command 'frobnicate'; type help", "error: unterminated quote",
      ])
  }

  @Test("currency lists the choices and the rates' date, keeps the picker open; cancel closes it")
  func currencyList() {
    let h = CLIHarness()
    h.run(["add peas", "checkout", "currency", "cancel"])
    let tail = h.streams.transcript.drop { $0 != "> currency" }
    #expect(
      Array(tail) == [
        "> currency", "currencies:", "  GBP  1.00 *", "  AUD  2.09", "  CAD  1.78", "  CHF  1.1235",
        "  EUR  1.20",
        "  JPY  191.50", "  NZD  2.27", "  SEK  13.90", "  USD  1.43", "  ZAR  23.60",
        "ratesDate: Rates of 2025-01-15", "> cancel", "currencies:", "  (none)",
      ])
  }

  @Test("an unknown currency code")
  func unknownCurrency() {
    let h = CLIHarness()
    h.run(["currency xyz"])
    #expect(
      Array(h.streams.transcript.suffix(2)) == [
        "> currency xyz", "error: Unknown currency: XYZ",
      ])
  }

  @Test("find filters and caps; catalog prints everything")
  func findAndCatalog() {
    let h = CLIHarness()
    h.run(["find be", "find", "find zz", "catalog"])
    let tail = Array(h.streams.transcript.drop { $0 != "> find be" })
    #expect(
      tail == [
        "> find be", "catalog:", "  4. Can of Beans | For only 0.73 GBP | 0",
        "> find", "catalog:", "  1. Bag of Peas | For only 0.95 GBP | 0",
        "  2. Dozen of Eggs | For only 2.10 GBP | 0",
        "  3. Bottle of Milk | For only 1.30 GBP | 0", "  4. Can of Beans | For only 0.73 GBP | 0",
        "> find zz", "catalog:", "  (none)",
        "> catalog", "catalog:", "  (none)",
      ])
  }

  @Test("the catalog prints 50 rows and a summary; the catalog command prints all")
  func cap() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "catalog-\(UUID().uuidString).json")
    try CatalogGenerator.json(CatalogGenerator.generate(count: 60)).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let h = CLIHarness(catalog: FixtureCatalogService(file: file))
    h.run(["find", "catalog"])
    let lines = h.streams.stdout
    #expect(lines.filter { $0 == "  … and 10 more" }.count == 2)
    #expect(lines.suffix(61).first == "catalog:")
    #expect(lines.last == "  60. Bag of Product 00060 | For only 5.25 GBP | 0")
  }

  @Test("a failed order save")
  func failedOrder() {
    final class BrokenOrders: CheckoutStorage {
      let inner = InMemoryCheckoutStorage(orders: [])
      func loadCart() -> AnyPublisher<[String: Int], StorageError> { inner.loadCart() }
      func applyCartChanges(_ c: [String: Int]) -> AnyPublisher<[String: Int], StorageError> {
        inner.applyCartChanges(c)
      }
      func saveOrder(_ d: OrderDraft) -> AnyPublisher<Order, StorageError> {
        Fail(error: .writeFailed).eraseToAnyPublisher()
      }
      func loadAccount() -> AnyPublisher<Account?, StorageError> { inner.loadAccount() }
      func saveAccount(_ a: Account?) -> AnyPublisher<Void, StorageError> { inner.saveAccount(a) }
      func observeOrders() -> AnyPublisher<[Order], StorageError> { inner.observeOrders() }
    }
    let h = CLIHarness(storage: BrokenOrders())
    h.run(["add peas", "checkout", "name Ana", "email a@b.c", "address Here", "order"])
    #expect(
      Array(h.streams.transcript.suffix(3)) == [
        "> order", "! Unable to place your order. Please try again.", "error: order not placed",
      ])
    #expect(h.shell.exitStatus == 1)
  }

  @Test("ok returns to the catalog and prints its initial set")
  func okReturns() {
    let h = CLIHarness()
    h.run(["add peas", "checkout", "name Ana Lima", "email a@b.c", "address Here", "order", "ok"])
    let tail = Array(h.streams.transcript.drop { $0 != "> ok" })
    #expect(tail.first == "> ok")
    #expect(tail.dropFirst().first == "catalog:")
    #expect(tail.contains("checkoutEnabled: false"))
  }

  @Test("one-shot mode skips the initial set; add answers with the cart in one line")
  func oneShot() throws {
    let h = CLIHarness()
    h.shell.start(printInitialSet: false) {}
    h.shell.run(oneShot: try CheckoutGrammar.command(["add", "eggs", "3"])) { _ in }
    h.shell.finish {}
    #expect(h.streams.stdout == ["Cart: 3 items, 6.30 GBP"])
  }

  @Test("--json prints one object per line")
  func json() {
    let h = CLIHarness(json: true)
    h.run(["add peas 2", "add nope"])
    #expect(
      h.streams.stdout.contains(
        #"{"output":"total","value":{"amount":"1.90","currency":"GBP"}}"#))
    #expect(h.streams.stdout.contains(#"{"output":"checkoutEnabled","value":true}"#))
    #expect(
      h.streams.stdout.first?.hasPrefix(
        #"{"output":"catalog","value":[{"id":"peas","number":1,"#
          + #""price":{"amount":"0.95","currency":"GBP"},"priceText":"For only 0.95 GBP","#
          + #""quantity":0,"quantityText":"0","title":"Bag of Peas"}"#
      ) == true)
    #expect(h.streams.stderr == [#"{"error":"no product matches \"nope\""}"#])
  }

  @Test("--json: help lists the commands as objects")
  func jsonHelp() {
    let h = CLIHarness(json: true)
    h.run(["help"])
    #expect(
      h.streams.stdout.contains(#"{"command":"quit","meaning":"wait for pending work and exit"}"#))
    #expect(h.streams.stdout.filter { $0.hasPrefix(#"{"command":"#) }.count > 20)
    #expect(h.streams.stdout.allSatisfy { $0.hasPrefix("{") })  // nothing but JSON objects
  }

  @Test("remove with -1 is the view model's refusal")
  func negativeQuantity() {
    let h = CLIHarness()
    h.run(["remove peas -1"])
    #expect(h.streams.stderr == ["error: Quantity must be between 1 and 99"])
  }

  @Test("offline: the currency command is refused at once")
  func offline() {
    struct Offline: ConnectivityService {
      var isOnline: AnyPublisher<Bool, Never> { Just(false).eraseToAnyPublisher() }
    }
    let h = CLIHarness(connectivity: Offline())
    h.run(["currency", "currency eur"])
    #expect(
      h.streams.stderr == [
        "error: Offline: currency change unavailable",
        "error: Offline: currency change unavailable",
      ])
  }

  @Test("the rest of the line is taken verbatim")
  func restOfLine() {
    let h = CLIHarness()
    h.run(["add peas", "checkout", "address 4 O'Brien St"])
    var address = ""
    let watch = h.session.orderForm.state.drive { address = $0.address }
    h.scheduler.advance()
    watch.cancel()
    #expect(address == "4 O'Brien St")
    #expect(h.streams.stderr.isEmpty)
  }
}

@Suite("CLI: failures outside the screens")
@MainActor
struct CLINoticeTests {
  @Test("a reported failure is an error line and exit status 1, as a failed command is")
  func reportedFailure() {
    let h = CLIHarness()
    let notices = PublishRelay<String>()
    h.shell.report(notices.eraseToAnyPublisher())
    h.shell.start(printInitialSet: false) {}
    notices.accept("Choice not saved: checkout.currency = AUD (x cannot be written)")
    h.shell.finish {}
    #expect(
      h.streams.stderr == ["error: Choice not saved: checkout.currency = AUD (x cannot be written)"]
    )
    #expect(h.shell.exitStatus == 1)
  }
}
