import Foundation
import Testing

/// Issue 9, items 3, 4 and 5, with real processes on one data directory.
@Suite("End to end: stores shared by processes", .timeLimit(.minutes(16)))
struct SharedStoreEndToEndTests {
  static let products = ["peas", "eggs", "milk", "beans"]
  /// The apps' timers on the time scale (issue 27, item 7): each cart edit's 0.5 s save delay
  /// passes in 5 ms, so sessions interleave their saves as before, in seconds, not minutes.
  static let fast = ["HEADLESS_NOW": "2025-03-14T12:00:00Z", "HEADLESS_TIME_SCALE": "100"]

  /// Quantities per product as the catalog prints them (`  1. Peas | … | 3`).
  static func quantities(in dataDirectory: URL) async throws -> [Int] {
    let output = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", dataDirectory.path, "catalog"])
    return output.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.compactMap {
      $0.split(separator: "|").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
  }

  /// 200 random adds and removes, never taking away more than this script added, so the sum
  /// of both scripts' net changes is exactly what must be stored.
  static func script(seed: UInt64) -> (lines: [String], net: [Int]) {
    var random = SplitMix(seed: seed)
    var net = Array(repeating: 0, count: products.count)
    var lines: [String] = []
    while lines.count < 200 {
      let index = Int(random.next() % UInt64(products.count))
      let count = Int(random.next() % 3) + 1
      if random.next() % 3 == 0, net[index] >= count {
        net[index] -= count
        lines.append("remove \(products[index]) \(count)")
      } else if net[index] + count <= 45 {
        net[index] += count
        lines.append("add \(products[index]) \(count)")
      }
    }
    return (lines, net)
  }

  @Test("item 3: two sessions × 200 random adds and removes end with exactly the sum of both")
  func twoSessionsSum() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let (first, second) = (Self.script(seed: 1), Self.script(seed: 2))
    // About 20 s of CPU each: 10 minutes is a hang, not a loaded machine.
    let cli = Executables.url("cli").path
    async let a = Executables.runProgram(
      cli, ["checkout", "--offline", "--data-dir", data.path],
      input: first.lines.joined(separator: "\n") + "\n", environment: Self.fast, timeout: 600)
    async let b = Executables.runProgram(
      cli, ["checkout", "--offline", "--data-dir", data.path],
      input: second.lines.joined(separator: "\n") + "\n", environment: Self.fast, timeout: 600)
    let (outA, outB) = try await (a, b)
    #expect(outA.status == 0 && outB.status == 0, "\(outA.stderr) \(outB.stderr)")
    let expected = zip(first.net, second.net).map(+)
    #expect(try await Self.quantities(in: data) == expected)
  }

  @Test("item 3: two one-shot adds started together both count")
  func twoOneShots() async throws {
    for _ in 0..<4 {
      let data = try Executables.scratch()
      defer { try? FileManager.default.removeItem(at: data) }
      _ = try await Executables.run(
        "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "peas"])
      async let a = Executables.run(
        "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "peas", "2"])
      async let b = Executables.run(
        "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "peas", "3"])
      let (outA, outB) = try await (a, b)
      #expect(outA.status == 0 && outB.status == 0)
      #expect(try await Self.quantities(in: data).first == 6)
    }
  }

  @Test("item 4: 20 pairs of checkout processes starting on new directories all get a store")
  func checkoutStartRace() async throws {
    for round in 0..<20 {
      let data = try Executables.scratch().appendingPathComponent("new")
      defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
      async let a = Executables.run(
        "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "peas"],
        environment: Self.fast)
      async let b = Executables.run(
        "cli", ["checkout", "--offline", "--data-dir", data.path, "add", "eggs"],
        environment: Self.fast)
      let (outA, outB) = try await (a, b)
      #expect(outA.status == 0 && outB.status == 0, "round \(round): \(outA.stdout)\(outB.stdout)")
      #expect(!(outA.stdout + outB.stdout).contains("could not"), "round \(round)")
      // Everything either process said goes with a failure: the race has failed here once in
      // many runs of the whole suite, and was not seen again in 40 rounds under load.
      let stored = try await Self.quantities(in: data)
      #expect(
        stored.prefix(2) == [1, 1],
        "round \(round): \(stored)\n\(outA.stdout)\(outA.stderr)\n\(outB.stdout)\(outB.stderr)")
    }
  }

  @Test("item 4: 20 pairs of todo processes starting on new directories are both served")
  func todoStartRace() async throws {
    for round in 0..<20 {
      let data = try Executables.scratch().appendingPathComponent("new")
      defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
      async let a = Executables.run("cli", ["todo", "--data-dir", data.path, "add", "first"])
      async let b = Executables.run("cli", ["todo", "--data-dir", data.path, "add", "second"])
      let (outA, outB) = try await (a, b)
      #expect(outA.status == 0 && outB.status == 0, "round \(round): \(outA.stderr)\(outB.stderr)")
      let list = try await Executables.run("cli", ["todo", "--data-dir", data.path, "list"])
      #expect(list.stdout.contains(" first") && list.stdout.contains(" second"), "round \(round)")
    }
  }

  @Test(
    "item 5: a cart edit on a broken store is error: and exit 1, and the file is untouched",
    arguments: ["garbage", "directory"])
  func failedSave(kind: String) async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("checkout.sqlite")
    if kind == "directory" {
      try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
    } else {
      try Data("garbage".utf8).write(to: store)
    }
    let output = try await Executables.run(
      "cli", ["checkout", "--offline", "--data-dir", data.path], input: "add peas\n")
    #expect(output.status == 1)
    if kind == "garbage" {
      #expect(output.stderr.contains("error: Your cart could not be saved"))
      #expect(try Data(contentsOf: store) == Data("garbage".utf8))
    } else {
      // Issue 26, item 6: a folder where the store should be is refused at start.
      #expect(output.stderr.contains("is not a regular file; it was left alone"))
    }
  }
}

/// A small seeded generator, so a failing script can be run again.
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

/// Issue 9, items 6 and 11, against the built `cli`.
@Suite("End to end: hostile command lines", .timeLimit(.minutes(6)))
struct HostileCommandLineEndToEndTests {
  @Test(
    "item 6: Int.min and overflowing row numbers are usage errors, not a crash",
    arguments: [
      ["link", "-9223372036854775808"], ["link", "99999999999999999999"],
      ["open", "#-9223372036854775808"], ["open", "#+1"],
    ])
  func rowNumbers(words: [String]) async throws {
    let output = try await Executables.run(
      "cli", ["tweets", "--offline", "--ephemeral"] + words)
    // A word the grammar refuses (`-9223…` is no flag) gets argument-parser's message and a
    // hint; one it takes gets the command's usage.
    #expect(output.status == 1)
    #expect(
      output.stderr.hasPrefix("error: usage:")
        || output.stderr.hasSuffix("\nsee 'cli tweets --help'\n"), "\(output.stderr)")
  }

  @Test("item 11: #+1 is not a task id; an escape sequence is echoed visibly")
  func todoWords() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let output = try await Executables.run(
      "cli", ["todo", "--data-dir", data.path], input: "toggle #+1\n\u{1B}[2Jwipe\n")
    #expect(output.status == 1)
    #expect(
      output.stderr
        == "error: The value '#+1' is invalid for '<uid>'; usage: toggle <uid>\n"
        + "error: unknown command '\\u{1B}[2Jwipe'; type help\n")
  }
}

/// Issue 9, item 5: the tweets store that cannot be opened says so.
@Suite("End to end: a broken tweets store", .timeLimit(.minutes(3)))
struct BrokenTweetsStoreEndToEndTests {
  @Test("a tweets.sqlite that is not a database: the documented message, and the file is kept")
  func brokenStore() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("tweets.sqlite")
    try Data("garbage".utf8).write(to: store)
    let output = try await Executables.run(
      "cli", ["tweets", "--offline", "--data-dir", data.path], input: "timeline\n")
    #expect(output.stdout.contains("! Could not open the tweet store; tweets will not be kept.\n"))
    #expect(try Data(contentsOf: store) == Data("garbage".utf8))
  }
}
