import AppEnvironment
import Foundation
import Testing

/// Issue 15, item 1: the first things a new user types.
@Suite("End to end: help and version", .timeLimit(.minutes(6)))
struct HelpAndVersionEndToEndTests {
  @Test(
    "--help and -h print usage, flags, apps, environment and the settings file, exit 0",
    arguments: [["--help"], ["-h"], []])
  func cliHelp(arguments: [String]) async throws {
    let output = try await Executables.run("cli", arguments)
    #expect(output.status == 0 && output.stderr.isEmpty)
    for part in [
      "USAGE: cli [<flags>] <app> [<flags>] [<command> [<arguments>] [<flags>]]",
      "--data-dir <data-dir>", "SUBCOMMANDS:", "checkout                a shop", "ENVIRONMENT:",
      "OPENWEATHER_API_KEY", "SETTINGS FILE:", "twitter_bearer_token",
    ] {
      #expect(output.stdout.contains(part), "\(part)")
    }
  }

  @Test(
    "cli <app> --help adds the app's commands", arguments: AppRegistry.standard.names)
  func appHelp(app: String) async throws {
    let output = try await Executables.run("cli", [app, "--help"])
    #expect(output.status == 0 && output.stdout.contains("USAGE: cli \(app) [<flags>]"))
    #expect(output.stdout.contains("SUBCOMMANDS:\n") && output.stdout.contains("  quit, exit "))
    #expect(output.stdout.contains("  config "))
    let short = try await Executables.run("cli", [app, "--offline", "-h"])
    #expect(short.status == 0 && short.stdout == output.stdout)
  }

  @Test("tui --help and --version print and exit 0 without touching the terminal")
  func tuiHelpAndVersion() async throws {
    let help = try await Executables.run("tui", ["--help"])
    #expect(help.status == 0 && help.stdout.contains("USAGE: tui [<app>]"))
    #expect(help.stdout.contains("ENVIRONMENT:") && help.stdout.contains("SETTINGS FILE:"))
    let version = try await Executables.run("tui", ["--version"])
    let cliVersion = try await Executables.run("cli", ["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("tui "))
    #expect(cliVersion.status == 0 && cliVersion.stdout.dropFirst(4) == version.stdout.dropFirst(4))
  }

  @Test("a bad flag is one error line, a hint, and exit 1")
  func badFlag() async throws {
    let tui = try await Executables.run("tui", ["--bogus"])
    #expect(tui.status == 1 && tui.stderr == "error: Unknown option '--bogus'\nsee 'tui --help'\n")
    let cli = try await Executables.run("cli", ["todo", "--bogus"])
    #expect(
      cli.status == 1 && cli.stderr == "error: Unknown option '--bogus'\nsee 'cli todo --help'\n")
  }

  @Test("under --json a start-up error is a JSON object too")
  func jsonStartupErrors() async throws {
    let flag = try await Executables.run("cli", ["todo", "--json", "--bogus"])
    #expect(flag.status == 1)
    #expect(
      flag.stderr == #"{"error":"Unknown option '--bogus'","hint":"see 'cli todo --help'"}"# + "\n")
    let value = try await Executables.run(
      "cli", ["weather", "--json", "--location", "nowhere", "here"])
    #expect(value.status == 1 && value.stdout.isEmpty)
    #expect(
      value.stderr
        == #"{"error":"invalid location 'nowhere' (expected LAT,LON[,ACCURACY] or off)"}"#
        + "\n")
  }

  @Test("completion scripts come from the argument definitions; cli's offers the app names")
  func completions() async throws {
    for shell in ["bash", "zsh", "fish"] {
      let cli = try await Executables.run("cli", ["--generate-completion-script", shell])
      #expect(cli.status == 0 && cli.stdout.contains("weather") && cli.stdout.contains("checkout"))
      #expect(cli.stdout.contains("data-dir"), "\(shell)")
      let tui = try await Executables.run("tui", ["--generate-completion-script", shell])
      #expect(tui.status == 0 && tui.stdout.contains("exit-after-first-frame"), "\(shell)")
    }
    let described = try await Executables.run("tui", ["--experimental-dump-help"])
    #expect(described.status == 0 && described.stdout.contains(#""commandName" : "tui""#))
  }
}
