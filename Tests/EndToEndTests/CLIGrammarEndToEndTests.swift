import Foundation
import Testing

/// Issue 28, items 1 and 8: the command line as a table of what is typed and what comes of it.
/// Every refused line exits 1 with one `error:` line and a hint, and leaves the data folder
/// as it was: not even created.
@Suite("End to end: the cli grammar, line by line", .timeLimit(.minutes(6)))
struct CLIGrammarEndToEndTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    /// What stdout starts with (accepted) or stderr is (refused).
    let output: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let rows: [Row] = [
    Row(arguments: ["todo", "add", "Buy", "milk"], status: 0, output: "Added #13 Buy milk\n"),
    Row(arguments: ["todo", "--json", "stats", "--quiet"], status: 0, output: ""),
    Row(
      arguments: ["todo", "stats", "--data-dir", "/nonexistent"], status: 0,
      output: "statistics: 12 tasks"),
    Row(arguments: ["todo", "toggle", "#5"], status: 0, output: "Unchecked #5 Buy oat milk\n"),
    Row(arguments: ["todo", "add", "--", "-v", "--x"], status: 0, output: "Added #13 -v --x\n"),
    // Issue 42: a tag to remove starts with a dash, and is still not a flag.
    Row(
      arguments: ["todo", "modify", "5", "+work", "-home"], status: 0,
      output: "Modified #5 Buy oat milk (+work)\n"),
    Row(
      arguments: ["todo", "add", "Pay", "rent", "due:2030-01-02", "+home"], status: 0,
      output: "Added #13 Pay rent (due 2030-01-02, +home)\n"),
    Row(arguments: ["todo", "--json", "stats"], status: 0, output: #"{"statistics":{"#),
    Row(arguments: ["todo", "help", "toggle"], status: 0, output: "OVERVIEW: check off"),
    Row(arguments: ["todo", "toggle", "--help"], status: 0, output: "OVERVIEW: check off"),
    Row(arguments: ["help", "checkout"], status: 0, output: "OVERVIEW: a shop"),
    Row(arguments: ["weather", "--version"], status: 0, output: "cli "),
    Row(
      arguments: ["todo", "list", "--bogus"], status: 1,
      output: "error: Unknown option '--bogus'\nsee 'cli todo --help'\n"),
    Row(
      arguments: ["todo", "frobnicate"], status: 1,
      output: "error: Unexpected argument 'frobnicate'\nsee 'cli todo --help'\n"),
    Row(
      arguments: ["todo", "toggle"], status: 1,
      output: "error: Missing expected argument '<uid>'\nsee 'cli todo --help'\n"),
    Row(
      arguments: ["todo", "toggle", "abc"], status: 1,
      output: "error: The value 'abc' is invalid for '<uid>'\nsee 'cli todo --help'\n"),
    Row(
      arguments: ["todo", "toggle", "1", "2"], status: 1,
      output: "error: Unexpected argument '2'\nsee 'cli todo --help'\n"),
    Row(
      arguments: ["weather", "zoom", "sideways"], status: 1,
      output:
        "error: The value 'sideways' is invalid for '<in|out>'. Please provide one of 'in' and "
        + "'out'.\nsee 'cli weather --help'\n"),
    Row(
      arguments: ["checkout", "add", "peas", "-1"], status: 1,
      output: "error: Unknown option '-1'\nsee 'cli checkout --help'\n"),
    Row(
      arguments: ["nope", "list"], status: 1,
      output: "error: unknown app 'nope'; apps: weather, tweets, todo, checkout\nsee 'cli --help'\n"
    ),
    Row(
      arguments: ["--data-dir"], status: 1,
      output: "error: Missing value for '--data-dir <data-dir>'\nsee 'cli --help'\n"),
  ]

  @Test("each command line and what comes of it", arguments: rows)
  func row(_ row: Row) async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let store = data.appendingPathComponent("store")
    // Accepted lines keep to memory; refused ones are given the folder to leave alone.
    let flags = row.status == 0 ? ["--offline", "--ephemeral"] : ["--offline"]
    let output = try await Executables.run(
      "cli", flags + row.arguments,
      environment: ["HEADLESS_DATA_DIR": store.path, "XDG_CONFIG_HOME": data.path])
    #expect(output.status == row.status, "\(output.stderr)")
    if row.status == 0 {
      #expect(output.stdout.hasPrefix(row.output), "\(output.stdout)")
    } else {
      #expect(output.stderr == row.output)
      #expect(output.stdout.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: store.path), "refused, yet the store exists")
    }
  }
}
