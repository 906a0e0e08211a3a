import Foundation
import Testing

@Suite("End to end: cli checkout", .serialized, .timeLimit(.minutes(10)))
struct CheckoutCLIEndToEndTests {
  static let transcriptInputs = [
    "add peas 2", "add 2 2", "checkout", "currency aud", "email ana@example.com", "name Ana Lima",
    "address 4 Quay Lane, Dunmore", "order", "orders",
  ]

  @Test("the spec's transcript through a pipe, in a new data directory")
  func transcript() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let expected = try String(contentsOf: Self.expectedURL, encoding: .utf8)
    let output = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path],
      input: Self.transcriptInputs.joined(separator: "\n") + "\n",
      environment: ["HEADLESS_NOW": "2025-01-15T14:03:00Z", "TZ": "UTC"])
    #expect(output.stdout == expected)
    #expect(output.stderr == "")
    #expect(output.status == 0)
    // The cart was flushed and the order stored: a second run sees them.
    let again = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path, "orders"],
      environment: ["TZ": "UTC"])
    #expect(again.stdout.contains("#000001  2025-01-15 14:03  4 items  12.75 AUD"))
  }

  static var expectedURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "checkout-transcript.txt")
  }

  @Test("--ephemeral starts from the fixture orders and writes nothing")
  func ephemeral() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let output = try await Executables.run(
      "cli", ["checkout", "--ephemeral", "--data-dir", data.path],
      input: Self.transcriptInputs.joined(separator: "\n") + "\n",
      environment: ["HEADLESS_NOW": "2025-01-15T14:03:00Z", "TZ": "UTC"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("confirmation: Order #000003 placed. Total: 12.75 AUD"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).isEmpty)
  }

  @Test("a rejected command makes the exit status 1")
  func rejected() async throws {
    let output = try await Executables.run(
      "cli", ["checkout", "--ephemeral"], input: "add caviar\n")
    #expect(output.stderr == "error: no product matches \"caviar\"\n")
    #expect(output.status == 1)
  }

  @Test("one-shot commands build on the saved cart")
  func oneShot() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    _ = try await Executables.run("cli", ["checkout", "--data-dir", data.path, "add", "peas", "2"])
    let second = try await Executables.run(
      "cli", ["checkout", "--data-dir", data.path, "add", "milk"])
    #expect(second.stdout == "Cart: 3 items, 3.20 GBP\n", "one line: what the cart is now")
    #expect(second.status == 0)
  }

  @Test("start-up errors: one line and status 1")
  func startupErrors() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let file = data.appendingPathComponent("file")
    try Data("x".utf8).write(to: file)
    let badDir = try await Executables.run("cli", ["checkout", "--data-dir", file.path, "cart"])
    #expect(
      badDir.stderr
        == "error: data directory \(file.path) is not usable: it is a file, not a directory\n")
    #expect(badDir.status == 1)
    let badNow = try await Executables.run(
      "cli", ["checkout", "--ephemeral"], environment: ["HEADLESS_NOW": "soon"])
    #expect(badNow.stderr == "error: HEADLESS_NOW is not an ISO 8601 instant: soon\n")
    #expect(badNow.status == 1)
    let badURL = try await Executables.run(
      "cli", ["checkout", "--ephemeral"], environment: ["RATES_URL": "ftp:nope"])
    #expect(badURL.stderr == "error: RATES_URL is not a valid URL\n")
    #expect(badURL.status == 1)
    let badFlag = try await Executables.run("cli", ["checkout", "--bogus"])
    #expect(badFlag.stderr == "error: Unknown option '--bogus'\nsee 'cli checkout --help'\n")
    #expect(badFlag.status == 1)
    let badApp = try await Executables.run("cli", ["nope"])
    #expect(
      badApp.stderr
        == "error: unknown app 'nope'; apps: weather, tweets, todo, checkout\nsee 'cli --help'\n")
  }

  @Test("a broken checkout.sqlite is reported, the app goes on, and the file is kept")
  func brokenDatabase() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let database = data.appendingPathComponent("checkout.sqlite")
    try Data("not a database".utf8).write(to: database)
    let output = try await Executables.run(
      "cli", ["checkout", "--data-dir", data.path], input: "add peas\ncart\n")
    #expect(output.stdout.contains("! Saved cart could not be loaded"))
    #expect(output.stdout.contains("! Your cart could not be saved"))
    #expect(output.stdout.contains("  1 Bag of Peas for 0.95 GBP"))
    #expect(try Data(contentsOf: database) == Data("not a database".utf8))
  }

  @Test("CO-50 amounts are the same under a German locale")
  func co50() async throws {
    let locales = try await Executables.runProgram("locale", ["-a"]).stdout
      .lowercased()
    guard locales.contains("de_de.utf8") else {
      Issue.record("the de_DE.UTF-8 locale is not installed (.ci/run installs it)")
      return
    }
    let environment = ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"]
    let aud = try await Executables.run(
      "cli", ["checkout", "--ephemeral"],
      input:
        "add peas 2\ncheckout\ncurrency aud\ncatalog\nadd eggs\nadd milk\nadd beans\nremove peas\ncart\n",
      environment: environment)
    #expect(aud.stdout.contains("  2 Bag of Peas for 3.97 AUD"))
    #expect(aud.stdout.contains("total: Total: 10.62 AUD"))
    let jpy = try await Executables.run(
      "cli", ["checkout", "--ephemeral"], input: "add peas 2\nadd eggs 2\ncurrency jpy\ncatalog\n",
      environment: environment)
    #expect(jpy.stdout.contains("1. Bag of Peas | For only 182 JPY | 2"))
    #expect(jpy.stdout.contains("total: Total: 1168 JPY"))
    let max = try await Executables.run(
      "cli", ["checkout", "--ephemeral"], input: "add peas 99\ncurrency aud\n",
      environment: environment)
    #expect(max.stdout.contains("total: Total: 196.56 AUD"))
  }
}
