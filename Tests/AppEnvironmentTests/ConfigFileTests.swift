import AppEnvironment
import Foundation
import Testing

@Suite("Settings file")
struct ConfigFileTests {
  /// A fresh folder standing for XDG_CONFIG_HOME, with `text` as its config.toml (if any).
  func configHome(_ text: String?, mode: Int = 0o600) throws -> URL {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("config-\(UUID().uuidString)")
    let folder = home.appendingPathComponent("headless-mvvm")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if let text {
      let file = folder.appendingPathComponent("config.toml")
      try Data(text.utf8).write(to: file)
      try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
    }
    return home
  }

  func resolve(_ arguments: [String] = [], home: URL, _ environment: [String: String] = [:])
    throws -> AppConfiguration
  {
    try AppConfiguration.resolve(
      options: try SharedOptions.parse(arguments),
      environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": home.path, "LANG": "C.UTF-8"]
        .merging(environment) { $1 },
      currentDirectory: home.path)
  }

  @Test("ST-01 the file's keys are read; a variable beats the file; a flag beats both")
  func st01Precedence() throws {
    let home = try configHome(
      """
      # kept by hand
      units = "fahrenheit"
      currency = "aud"
      openweather_api_key = "from-file-1234"
      twitter_list_id = 42
      ascii = false
      color = false
      """)
    defer { try? FileManager.default.removeItem(at: home) }
    let fromFile = try resolve(home: home)
    #expect(fromFile.configFile.values["units"] == "fahrenheit")
    #expect(fromFile.configFile.values["currency"] == "AUD")
    #expect(fromFile.variable("OPENWEATHER_API_KEY") == "from-file-1234")
    #expect(fromFile.variable("TWITTER_LIST_ID") == "42")
    #expect(fromFile.noColor && !fromFile.asciiMode)
    let withEnvironment = try resolve(
      home: home, ["OPENWEATHER_API_KEY": "from-env-9876", "NO_COLOR": "1"])
    #expect(withEnvironment.variable("OPENWEATHER_API_KEY") == "from-env-9876")
    #expect(try resolve(["--ascii"], home: home).asciiMode)
    let other = home.appendingPathComponent("other.toml")
    try Data("units = \"celsius\"\n".utf8).write(to: other)
    #expect(
      try resolve(["--config", "other.toml"], home: home).configFile.values["units"] == "celsius")
  }

  @Test("ST-01 no file is no settings; the usual place is under ~/.config without XDG_CONFIG_HOME")
  func st01MissingFile() throws {
    let home = try configHome(nil)
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(try resolve(home: home).configFile.values.isEmpty)
    let plain = try AppConfiguration.resolve(
      options: try SharedOptions.parse([]), environment: ["HOME": "/nonexistent-home"],
      currentDirectory: "/")
    #expect(plain.configFile.path == "/nonexistent-home/.config/headless-mvvm/config.toml")
  }

  @Test(
    "ST-02 a bad file is one error naming the file and the line",
    arguments: [
      ("units = \"celsius\"\nunits = \n", ":2: "),
      ("\n\nbogus = 1\n", ":3: unknown key 'bogus'"),
      ("units = \"kelvin\"\n", ":1: 'units' takes \"celsius\" or \"fahrenheit\""),
      ("ascii = \"yes\"\n", ":1: 'ascii' takes true or false"),
      ("# money\ncurrency = \"XYZ\"\n", ":2: unknown currency 'XYZ'"),
      ("twitter_list_id = \"12x\"\n", ":1: 'twitter_list_id' takes a list id of digits"),
      ("[weather]\nunits = \"celsius\"\n", ":1: unknown key 'weather'"),
    ])
  func st02BadFile(text: String, expected: String) throws {
    let home = try configHome(text)
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent("headless-mvvm/config.toml").path
    do {
      _ = try resolve(home: home)
      Issue.record("no error for \(text)")
    } catch let error as ConfigurationError {
      #expect(error.message.hasPrefix(file + expected), "\(error.message)")
    }
  }

  @Test("ST-02 --config naming a missing file is an error; a huge file is refused unread")
  func st02MissingOrHuge() throws {
    let home = try configHome(String(repeating: "# padding\n", count: 7000))
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(throws: ConfigurationError.self) { try resolve(["--config", "nope.toml"], home: home) }
    #expect(throws: ConfigurationError.self) { try resolve(home: home) }
  }

  @Test("ST-02 a secret in a file others can read is a warning, and the file is still used")
  func st02Permissions() throws {
    let open = try configHome("twitter_bearer_token = \"abc\"\n", mode: 0o644)
    defer { try? FileManager.default.removeItem(at: open) }
    let configuration = try resolve(home: open)
    #expect(configuration.warnings.count == 1)
    #expect(configuration.warnings.first?.hasSuffix("holds a secret; chmod 600 it") == true)
    #expect(configuration.variable("TWITTER_BEARER_TOKEN") == "abc")
    let closed = try configHome("twitter_bearer_token = \"abc\"\n", mode: 0o600)
    defer { try? FileManager.default.removeItem(at: closed) }
    #expect(try resolve(home: closed).warnings.isEmpty)
    let noSecret = try configHome("units = \"celsius\"\n", mode: 0o644)
    defer { try? FileManager.default.removeItem(at: noSecret) }
    #expect(try resolve(home: noSecret).warnings.isEmpty)
  }

  @Test("ST-05 config shows every setting in force, where it came from, secrets masked")
  func st05Report() throws {
    let home = try configHome(
      "units = \"fahrenheit\"\ntwitter_bearer_token = \"secret-token-7890\"\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let report = try resolve(["--ascii"], home: home, ["OPENWEATHER_API_KEY": "k1234567"])
      .settingsReport
    #expect(
      report == [
        "file: \(home.path)/headless-mvvm/config.toml",
        "units = fahrenheit (file)",
        "currency = GBP (default)",
        "openweather_api_key = ****4567 (environment)",
        "weather_provider = openweathermap (default)",
        "twitter_bearer_token = ****7890 (file)",
        "twitter_list_id = (none) (default)",
        "bluesky_list = (none) (default)",
        "rates_url = (none) (default)",
        "ascii = true (flag)",
        "color = true (default)", "mouse = true (default)",
        "weather.place = (none) (default)",
        "tweets.paused = (none) (default)",
      ])
  }

  @Test("ST-05 config shows remembered choices, which beat the file, and creates nothing")
  func st05Remembered() throws {
    let home = try configHome("currency = \"AUD\"\nunits = \"fahrenheit\"\n")
    defer { try? FileManager.default.removeItem(at: home) }
    let data = home.appendingPathComponent("data")
    let before = try resolve(["--data-dir", data.path], home: home)
    #expect(before.settingsReport.contains("currency = AUD (file)"))
    #expect(!FileManager.default.fileExists(atPath: data.path), "the report created nothing")
    let choices = RememberedChoices(before)
    #expect(choices.remember("EUR", for: "checkout.currency"))
    #expect(choices.remember("Oslo", for: "weather.place"))
    #expect(choices.remember("true", for: "tweets.paused"))
    let report = try resolve(["--data-dir", data.path], home: home).settingsReport
    #expect(report.contains("currency = EUR (remembered)"))
    #expect(report.contains("units = fahrenheit (file)"), "nothing remembered: the file's")
    #expect(report.contains("weather.place = Oslo (remembered)"))
    #expect(report.contains("tweets.paused = true (remembered)"))
    let ephemeral = try resolve(["--data-dir", data.path, "--ephemeral"], home: home)
    #expect(ephemeral.settingsReport.contains("currency = AUD (file)"), "--ephemeral recalls none")
  }
}
