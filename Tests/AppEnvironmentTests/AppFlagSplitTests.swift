import AppEnvironment
import ArgumentParser
import Testing

/// Issue 53, item 5: each app's own flags come with its registry entry, and every head takes
/// them off its command line by the app's own type.
@Suite("App flags: taken off the command line by each app's type")
struct AppFlagSplitTests {
  let apps = AppRegistry.standard.apps

  @Test("an app's flags are parsed by its type, wherever they stand; the rest is the head's")
  func split() throws {
    let split = try AppFlagSplit(
      ["--offline", "weather", "--location", "-33.87,151.21", "now", "--gpsd", "--", "--catalog"],
      apps: apps)
    let weather = split.values.of(WeatherComposition.Options.self)
    #expect(weather.location == "-33.87,151.21" && weather.gpsd)
    #expect(split.values.of(CheckoutComposition.Options.self).catalogFile == nil)
    #expect(split.rest == ["--offline", "weather", "now", "--", "--catalog"])
    #expect(split.given.map(\.flag) == ["--location", "--gpsd"])
    #expect(split.given.map(\.apps) == [["weather"], ["weather"]])
  }

  @Test("--flag=value is one word; no app flag leaves the words alone")
  func equalsForm() throws {
    let split = try AppFlagSplit(["--catalog=shop.json", "checkout"], apps: apps)
    #expect(split.values.of(CheckoutComposition.Options.self).catalogFile == "shop.json")
    #expect(split.given.map(\.flag) == ["--catalog"] && split.rest == ["checkout"])
    let plain = try AppFlagSplit(["todo", "add", "--data-dir", "x", "Buy milk"], apps: apps)
    #expect(plain.rest == ["todo", "add", "--data-dir", "x", "Buy milk"] && plain.given.isEmpty)
  }

  @Test("a flag missing its value is argument-parser's error, naming the flag")
  func missingValue() {
    #expect(throws: ConfigurationError.invalidValue("Missing value for '--location <location>'")) {
      try AppFlagSplit(["weather", "--location"], apps: apps)
    }
  }

  @Test("a registry without those apps takes none of their flags")
  func otherRegistry() throws {
    let todoOnly = AppRegistry.standard.apps.filter { $0.name == "todo" }
    let split = try AppFlagSplit(["todo", "--catalog", "x"], apps: todoOnly)
    #expect(split.rest == ["todo", "--catalog", "x"] && split.given.isEmpty)
  }

  @Test("a head's help lists each app's own flags, from its type")
  func help() {
    let entries = AppFlagSplit.helpEntries(of: WeatherComposition.Options.self, columns: 80)
    #expect(entries.first?.hasPrefix("  --location <location>") == true)
    #expect(entries.contains { $0.hasPrefix("  --gpsd") })
    #expect(!entries.contains { $0.contains("--help") })
    #expect(AppFlagSplit.helpEntries(of: NoFlags.self, columns: 80).isEmpty)
  }
}

/// Flags that need a value when none is given: an app could not start without them.
struct RequiredFlags: AppFlags {
  @Option var needed: String
}

@Suite("App flags: a registry refuses flags that need a value")
struct RequiredAppFlagsTests {
  @Test("an app whose flags need a value is a wrong registry, said at start")
  func refused() {
    let needy = RegisteredApp(
      name: "needy", title: "Needy", tab: 5, meaning: "needs a flag", flags: RequiredFlags.self
    ) { configuration, _, scheduler throws(ConfigurationError) in
      try TodoComposition.session(configuration, scheduler: scheduler)
    }
    #expect(
      AppRegistry([needy]).problem
        == "the needy app's flags need a value when none is given: Missing expected argument "
        + "'--needed <needed>'")
    #expect(AppRegistry.standard.problem == nil)
  }
}
