import Foundation
import LoopbackSupport
import Testing

/// Issue 30, item 3, as a user runs it: live rates in the service's format, then the same
/// currency change with the service gone, from the rates kept in the data directory.
@Suite("End to end: checkout's rates, live and kept")
struct FrankfurterRatesEndToEndTests {
  @Test("`currency` lists the live rates; with the server gone, the kept ones, with their date")
  func liveThenKept() async throws {
    let body = try Data(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/checkout/frankfurter-latest.json"))
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let server = try ThreadedServer { _ in ThreadedServer.Answer(body: body) }
    let live = try await Executables.run(
      "cli", ["checkout", "--data-dir", data.path], input: "currency\ncurrency idr\n",
      environment: ["RATES_URL": server.baseURL.absoluteString + "/v1/latest?base=GBP"])
    server.stop()
    #expect(live.status == 0, "\(live.stderr)")
    #expect(live.stdout.contains("  IDR  21898.00\n") && live.stdout.contains("  TRY  55.75\n"))
    #expect(live.stdout.contains("ratesDate: Rates of 2025-11-24\n"), "\(live.stdout)")
    #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("rates.json").path))
    let closed = try ClosedPort()
    let kept = try await Executables.run(
      "cli", ["checkout", "--data-dir", data.path], input: "currency\n",
      environment: ["RATES_URL": closed.baseURL.absoluteString])
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(kept.stdout.contains("  TRY  55.75\n"))
    #expect(kept.stdout.contains("ratesDate: Rates of 2025-11-24, kept (no connection)\n"))
  }
}
