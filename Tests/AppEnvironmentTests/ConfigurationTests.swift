import AppEnvironment
import Foundation
import Testing

@Suite("Configuration")
struct ConfigurationTests {
  func resolve(_ arguments: [String], _ environment: [String: String] = ["HOME": "/home/ana"])
    throws -> AppConfiguration
  {
    let options = try SharedOptions.parse(arguments)
    return try AppConfiguration.resolve(
      options: options, environment: environment, currentDirectory: "/work")
  }

  @Test func defaultsWithNothingSet() throws {
    let config = try resolve([])
    #expect(!config.offline && !config.ephemeral)
    #expect(config.dataDirectory.url.path == "/home/ana/.local/share/headless-mvvm")
    #expect(config.clock.pinned == nil)
    #expect(config.asciiMode)  // no locale variable at all: not UTF-8
    #expect(!config.noColor)
  }

  @Test func offlineAndEphemeralFlags() throws {
    let config = try resolve(["--offline", "--ephemeral"])
    #expect(config.offline && config.ephemeral)
  }

  @Test func dataDirFlagWinsOverEverything() throws {
    let config = try resolve(
      ["--data-dir", "demo/data"],
      ["HOME": "/h", "HEADLESS_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg"])
    #expect(config.dataDirectory.url.path == "/work/demo/data")
  }

  @Test func headlessDataDirComesNext() throws {
    let config = try resolve(
      [], ["HOME": "/h", "HEADLESS_DATA_DIR": "/env/d", "XDG_DATA_HOME": "/xdg"])
    #expect(config.dataDirectory.url.path == "/env/d")
  }

  @Test func xdgDataHomeComesNext() throws {
    let config = try resolve([], ["HOME": "/h", "XDG_DATA_HOME": "/xdg"])
    #expect(config.dataDirectory.url.path == "/xdg/headless-mvvm")
  }

  @Test func aRelativeXdgDataHomeIsIgnored() throws {
    let config = try resolve([], ["HOME": "/h", "XDG_DATA_HOME": "relative"])
    #expect(config.dataDirectory.url.path == "/h/.local/share/headless-mvvm")
  }

  @Test func anEmptyDataDirFlagIsAStartupError() {
    #expect(throws: ConfigurationError.invalidValue("--data-dir needs a directory path")) {
      try resolve(["--data-dir", ""])
    }
  }

  @Test func headlessNowPinsTheClock() throws {
    let config = try resolve([], ["HEADLESS_NOW": "2025-03-14T12:00:00Z"])
    let expected = Date(timeIntervalSince1970: 1_741_953_600)
    #expect(config.clock.pinned == expected)
    #expect(config.clock.now() == expected)
    let fractional = try resolve([], ["HEADLESS_NOW": "2025-03-14T12:00:00.500+01:00"])
    #expect(fractional.clock.now() == Date(timeIntervalSince1970: 1_741_950_000.5))
  }

  @Test func aBadHeadlessNowIsAStartupError() throws {
    #expect(throws: ConfigurationError.invalidNow("yesterday")) {
      try resolve([], ["HEADLESS_NOW": "yesterday"])
    }
    #expect(
      ConfigurationError.invalidNow("yesterday").message
        == "HEADLESS_NOW is not an ISO 8601 instant: yesterday")
    // Issue 26, item 10: what the lenient formatter let through.
    for bad in [
      "2025-02-30T12:00:00Z", "2025-03-14T12:00:00Zjunk", "2025-03-14T12:00:00+99:00",
      " 2025-03-14T12:00:00Z", "99999-03-14T12:00:00Z", "2025-3-4T1:2:3Z", "2025-03-14T12:00:00",
      "2025-03-14T24:00:00Z", "2025-03-14T12:00:00.Z", "1969-12-31T23:59:59Z",
    ] {
      #expect(throws: ConfigurationError.invalidNow(bad)) {
        try resolve([], ["HEADLESS_NOW": bad])
      }
    }
    #expect(
      try resolve([], ["HEADLESS_NOW": "2024-02-29T23:59:59-18:00"]).clock.pinned
        == Date(timeIntervalSince1970: 1_709_315_999))
  }

  @Test func aTimeScaleCountsOnlyWithAPinnedClock() throws {
    let now = "2025-03-14T12:00:00Z"
    #expect(
      try resolve([], ["HEADLESS_NOW": now, "HEADLESS_TIME_SCALE": "20"]).clock.timeScale == 20)
    #expect(try resolve([], ["HEADLESS_TIME_SCALE": "20"]).clock.timeScale == 1)
    #expect(try resolve([], ["HEADLESS_NOW": now]).clock.timeScale == 1)
    #expect(
      try resolve([], ["HEADLESS_NOW": now, "HEADLESS_TIME_SCALE": "0.01"]).clock.timeScale == 0.01)
    for bad in ["0.005", "0", "-1", "101", "fast", "nan"] {
      #expect(
        throws: ConfigurationError.invalidValue(
          "HEADLESS_TIME_SCALE is not a number from 0.01 to 100: \(bad)")
      ) { try resolve([], ["HEADLESS_NOW": now, "HEADLESS_TIME_SCALE": bad]) }
    }
  }

  @Test func noColorNeedsANonEmptyValue() throws {
    #expect(try resolve([], ["NO_COLOR": "1"]).noColor)
    #expect(try !resolve([], ["NO_COLOR": ""]).noColor)
  }

  @Test("issue 42: --color beats NO_COLOR; auto colours a terminal only")
  func colorChoice() throws {
    #expect(try resolve([]).color == .auto)
    #expect(try resolve([], ["NO_COLOR": "1"]).color == .never)
    #expect(try resolve(["--color", "always"], ["NO_COLOR": "1"]).color == .always)
    #expect(try resolve(["--color", "never"]).noColor)
    #expect(throws: (any Error).self) { try SharedOptions.parse(["--color", "sometimes"]) }
    #expect(
      ColorChoice.auto.colors(isTerminal: true) && !ColorChoice.auto.colors(isTerminal: false))
    #expect(
      ColorChoice.always.colors(isTerminal: false) && !ColorChoice.never.colors(isTerminal: true))
    let report = try resolve(["--color", "never"]).settingsReport
    #expect(
      report.contains { $0.hasPrefix("color") && $0.contains("false") && $0.contains("flag") })
  }

  @Test func asciiModeFollowsTheFirstNonEmptyLocaleVariable() throws {
    #expect(try !resolve([], ["LANG": "en_GB.UTF-8"]).asciiMode)
    #expect(try !resolve([], ["LC_CTYPE": "C.utf8", "LANG": "C"]).asciiMode)
    #expect(try resolve([], ["LC_ALL": "C", "LANG": "en_GB.UTF-8"]).asciiMode)
    #expect(try !resolve([], ["LC_ALL": "", "LANG": "de_DE.UTF8"]).asciiMode)
    #expect(try resolve(["--ascii"], ["LANG": "en_GB.UTF-8"]).asciiMode)
  }

  @Test("service addresses: absolute http(s) with a host; a root loses trailing slashes")
  func webAddresses() throws {
    func address(_ value: String, root: Bool = false) throws -> URL? {
      try resolve([], ["X_URL": value]).webAddress("X_URL", root: root)
    }
    #expect(
      try address(" https://api.example.com/data/2.5/ ", root: true)?.absoluteString
        == "https://api.example.com/data/2.5")
    #expect(try address("https://x.test/rates/")?.absoluteString == "https://x.test/rates/")
    #expect(try address("") == nil)
    #expect(try resolve([]).webAddress("X_URL") == nil)
    for bad in ["ftp://example.com", "not a url", "/relative", "https://"] {
      #expect(throws: ConfigurationError.invalidValue("X_URL is not a valid URL")) {
        try address(bad)
      }
    }
  }

  @Test func unknownFlagsAreRefusedByTheParser() {
    #expect(throws: (any Error).self) { try SharedOptions.parse(["--bogus"]) }
  }

  @Test func variablesAreReadWhenNotEmpty() throws {
    let config = try resolve([], ["RATES_URL": "http://x", "EMPTY": ""])
    #expect(config.variable("RATES_URL") == "http://x")
    #expect(config.variable("EMPTY") == nil)
    #expect(config.variable("MISSING") == nil)
  }
}
