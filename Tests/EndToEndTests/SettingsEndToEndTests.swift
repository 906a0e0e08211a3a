import Foundation
import Testing

@Suite("End to end: the settings file", .serialized, .timeLimit(.minutes(9)))
struct SettingsEndToEndTests {
  /// A fresh XDG_CONFIG_HOME holding `text` as headless-mvvm/config.toml (mode 0600).
  func configHome(_ text: String) throws -> URL {
    let home = try Executables.scratch()
    let folder = home.appendingPathComponent("headless-mvvm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("config.toml")
    try Data(text.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    return home
  }

  @Test("ST-01 units = \"fahrenheit\" in the file: weather starts in °F; config says where from")
  func fahrenheitFromTheFile() async throws {
    let home = try configHome("# mine\nunits = \"fahrenheit\"\ncurrency = \"AUD\"\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = ["XDG_CONFIG_HOME": home.path, "LANG": "C.UTF-8"]
    let weather = try await Executables.run(
      "cli", ["weather", "--offline", "--ephemeral"], input: "search london\nquit\n",
      environment: environment)
    #expect(weather.stdout.contains("temperature: 54°F") && weather.status == 0)
    let checkout = try await Executables.run(
      "cli", ["checkout", "--offline", "--ephemeral", "add", "peas"], environment: environment)
    #expect(checkout.stdout.contains("Cart: 1 item, 1.99 AUD"), "\(checkout.stdout)")
    let config = try await Executables.run("cli", ["todo", "config"], environment: environment)
    #expect(config.stdout.contains("units = fahrenheit (file)\ncurrency = AUD (file)\n"))
  }

  @Test("ST-02 a bad file stops both front ends with one error line and exit status 1")
  func badFileStopsBoth() async throws {
    let home = try configHome("units = \"celsius\"\ncolour = true\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent("headless-mvvm/config.toml").path
    let expected = "error: \(file):2: unknown key 'colour'\n"
    let environment = ["XDG_CONFIG_HOME": home.path]
    let cli = try await Executables.run("cli", ["weather", "--offline"], environment: environment)
    #expect(cli.stderr == expected && cli.status == 1 && cli.stdout.isEmpty)
    let tui = try await Executables.run("tui", ["weather", "--offline"], environment: environment)
    #expect(tui.stderr == expected && tui.status == 1)
  }

  @Test("ST-04 savekey writes the key to the settings file, 0600, every other line kept")
  func saveKeyToTheFile() async throws {
    let home = try configHome("# mine\nunits = \"fahrenheit\"  # warm\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent("headless-mvvm/config.toml")
    // The samples stand in for the service that takes a key (Open-Meteo takes none).
    let environment = ["XDG_CONFIG_HOME": home.path, "WEATHER_PROVIDER": "openweathermap"]
    let saved = try await Executables.run(
      "cli", ["weather", "--offline", "savekey", "typed-key-4321"], environment: environment)
    #expect(saved.stdout.contains("! Key saved to \(file.path)") && saved.status == 0)
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "# mine\nunits = \"fahrenheit\"  # warm\nopenweather_api_key = \"typed-key-4321\"\n")
    let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
    let config = try await Executables.run("cli", ["weather", "config"], environment: environment)
    #expect(config.stdout.contains("openweather_api_key = ****4321 (file)"))
    let ephemeral = try await Executables.run(
      "cli", ["weather", "--offline", "--ephemeral", "savekey", "other-key-1"],
      environment: environment)
    #expect(ephemeral.status == 1 && ephemeral.stderr.contains("cannot be saved"))
  }

  @Test(
    "issue 26: savekey on a CRLF file changes one line; one it cannot edit is exit 1, untouched")
  func saveKeyCRLFAndRefusal() async throws {
    let crlf = "openweather_api_key = \"old1\"\r\nunits = \"fahrenheit\"\r\ncurrency = \"AUD\"\r\n"
    let home = try configHome(crlf)
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent("headless-mvvm/config.toml")
    // The samples stand in for the service that takes a key (Open-Meteo takes none).
    let environment = ["XDG_CONFIG_HOME": home.path, "WEATHER_PROVIDER": "openweathermap"]
    let saved = try await Executables.run(
      "cli", ["weather", "--offline", "savekey", "new-key-5678"], environment: environment)
    #expect(saved.status == 0 && saved.stdout.contains("! Key saved"))
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == crlf.replacingOccurrences(of: "old1", with: "new-key-5678"))
    let inString = "rates_url = \"\"\"\nopenweather_api_key = \"x\"\n\"\"\"\n"
    try Data(inString.utf8).write(to: file)
    let refused = try await Executables.run(
      "cli", ["weather", "--offline", "savekey", "new-key-5678"], environment: environment)
    #expect(refused.status == 1)
    #expect(refused.stdout.contains("! Key not saved"))
    #expect(refused.stderr.contains("error: Key not saved"))
    #expect(try String(contentsOf: file, encoding: .utf8) == inString)
  }
}
