import Foundation
import Testing

/// Issue 38, item 5: help a new user can read at 80 columns, listing only the app's own flags,
/// and the messages that point somewhere.
@Suite("End to end: help that fits and says the right things", .timeLimit(.minutes(6)))
struct HelpFitsEndToEndTests {
  /// Lines longer than 80 columns (stdout is a pipe here, so help is written for 80).
  static func wide(_ text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.count > 80 }
  }

  @Test("every --help is wrapped at 80 columns when stdout is not a terminal, never mid-word")
  func eightyColumns() async throws {
    for (program, arguments) in [
      ("cli", ["--help"]), ("cli", ["todo", "--help"]), ("cli", ["weather", "--help"]),
      ("cli", ["checkout", "add", "--help"]), ("tui", ["--help"]),
    ] {
      let output = try await Executables.run(program, arguments)
      #expect(output.status == 0)
      #expect(
        Self.wide(output.stdout).isEmpty, "\(program) \(arguments): \(Self.wide(output.stdout))")
    }
  }

  @Test("each app's help lists its own flags only; another app's flag is refused with a pointer")
  func ownFlags() async throws {
    let todo = try await Executables.run("cli", ["todo", "--help"]).stdout
    for flag in ["--catalog", "--location", "--gpsd", "--format"] {
      #expect(!todo.contains(flag), "\(flag)")
    }
    let weather = try await Executables.run("cli", ["weather", "--help"]).stdout
    #expect(weather.contains("--location") && !weather.contains("--catalog"))
    let flowing = weather.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flowing.contains("%S sunrise, %s sunset") && flowing.contains("%o the chance of rain"))
    let refused = try await Executables.run(
      "cli", ["todo", "--ephemeral", "--catalog", "x", "stats"])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: --catalog is for the checkout app\nsee 'cli todo --help'\n")
  }

  @Test("tui with an unknown app says where to look; its help names no 'no-key mode'")
  func tuiWords() async throws {
    let unknown = try await Executables.run("tui", ["nosuch"])
    #expect(unknown.status == 1)
    #expect(
      unknown.stderr.hasPrefix(
        "error: unknown app 'nosuch'; apps: weather, tweets, todo, checkout\n"))
    #expect(unknown.stderr.hasSuffix("see 'tui --help'\n"))
    let help = try await Executables.run("tui", ["--help"]).stdout
    #expect(help.contains("With --offline, or with no network, weather shows bundled samples"))
    #expect(!help.contains("Without an OpenWeatherMap key"))
  }

  @Test("a settings value written without quotes names the key, what it takes and the fix")
  func bareWord() async throws {
    let folder = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("config.toml")
    try Data("ascii = false\nunits = fahrenheit\n".utf8).write(to: file)
    let output = try await Executables.run(
      "cli", ["weather", "--ephemeral", "--config", file.path, "now", "London"])
    #expect(output.status == 1)
    #expect(
      output.stderr
        == "error: \(file.path):2: 'units' takes weather's units at start: \"celsius\" or "
        + "\"fahrenheit\"; write the text in quotes: units = \"fahrenheit\"\n")
  }
}
