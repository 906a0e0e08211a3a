import Foundation
import Testing

/// Issue 26, item 7: under `--json` every line on stdout and stderr is a JSON document.
@Suite("End to end: --json is always JSON", .timeLimit(.minutes(3)))
struct JSONEverywhereEndToEndTests {
  func expectJSONLines(_ text: String, _ place: String) {
    for line in text.split(separator: "\n") {
      let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
      #expect(parsed != nil, "\(place): not JSON: \(line)")
    }
  }

  @Test("an error echoing DEL, C1 and RLO characters is JSON, with \\u escapes")
  func controlsInErrors() async throws {
    let output = try await Executables.run(
      "cli", ["todo", "--ephemeral", "--json"], input: "toggle \u{7F}\u{9B}2J\u{202E}x\n")
    #expect(output.status == 1)
    expectJSONLines(output.stdout, "stdout")
    expectJSONLines(output.stderr, "stderr")
    #expect(output.stderr.contains("\\u007f\\u009b2J\\u202ex"))
  }

  @Test("config and start-up warnings are JSON under --json")
  func configAndWarnings() async throws {
    let home = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: home) }
    let folder = home.appendingPathComponent("headless-mvvm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("config.toml")
    try Data("openweather_api_key = \"secret-1234\"\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
    let output = try await Executables.run(
      "cli", ["todo", "--ephemeral", "--json", "config"],
      environment: ["XDG_CONFIG_HOME": home.path])
    #expect(output.status == 0)
    expectJSONLines(output.stdout, "stdout")
    expectJSONLines(output.stderr, "stderr")
    #expect(output.stderr.contains("\"warning\""))
    #expect(
      output.stdout.contains(
        "{\"key\":\"openweather_api_key\",\"value\":\"****1234\",\"source\":\"file\"}"))
  }

  @Test(
    "issue 28, item 5: a one-shot command under --json prints exactly one JSON document",
    arguments: [
      ["todo", "stats"], ["todo", "list"], ["todo", "add", "Tea"], ["todo", "toggle", "99"],
      ["checkout", "cart"], ["checkout", "add", "peas", "2"], ["weather", "search", "Paris"],
      ["weather", "now", "Atlantis"], ["tweets", "timeline"], ["tweets", "people"],
    ])
  func oneDocument(words: [String]) async throws {
    let output = try await Executables.run(
      "cli", [words[0], "--offline", "--ephemeral", "--json"] + words.dropFirst())
    let lines = output.stdout.split(separator: "\n")
    #expect(lines.count == 1, "\(words): \(output.stdout)")
    let document = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    #expect(document is [String: Any], "\(words): \(output.stdout)")
    expectJSONLines(output.stderr, "stderr")
  }

  @Test(
    "issue 51, item 7: with no network, a second run (a remembered place) still prints one JSON document"
  )
  func oneDocumentOnTheSecondRun() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A name that never resolves (RFC 2606's .invalid): no network at all, no traffic.
    let nowhere = "http://no-network.invalid"
    for run in 1...2 {
      let output = try await Executables.run(
        "cli", ["weather", "--data-dir", folder.path, "--json", "now", "London"],
        environment: ["OPENMETEO_BASE_URL": nowhere, "OPENMETEO_GEOCODING_URL": nowhere])
      let lines = output.stdout.split(separator: "\n")
      #expect(lines.count == 1, "run \(run): \(output.stdout)")
      let document = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
      #expect((document as? [String: Any])?["now"] != nil, "run \(run): \(output.stdout)")
    }
  }
}
