import AppEnvironment
import Foundation
import GRDB
import Testing
import ViewModelKit

@Suite("Remembered choices")
struct RememberedChoicesTests {
  func configuration(_ folder: URL, ephemeral: Bool = false) throws -> AppConfiguration {
    try AppConfiguration.resolve(
      options: try SharedOptions.parse(ephemeral ? ["--ephemeral"] : []),
      environment: ["HEADLESS_DATA_DIR": folder.path, "XDG_CONFIG_HOME": "/nonexistent"],
      currentDirectory: "/")
  }

  func scratch() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("choices-\(UUID().uuidString)")
  }

  @Test("ST-03 a choice kept by one run is recalled by the next; --ephemeral keeps nothing")
  func st03KeptBetweenRuns() throws {
    let folder = scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = RememberedChoices(try configuration(folder))
    #expect(first.problem == nil && first.recalled("checkout.currency") == nil)
    #expect(first.remember("AUD", for: "checkout.currency"))
    #expect(RememberedChoices(try configuration(folder)).recalled("checkout.currency") == "AUD")
    let ephemeral = RememberedChoices(try configuration(folder, ephemeral: true))
    #expect(ephemeral.recalled("checkout.currency") == nil)
    ephemeral.remember("JPY", for: "checkout.currency")
    #expect(RememberedChoices(try configuration(folder)).recalled("checkout.currency") == "AUD")
  }

  @Test("ST-03 follow keeps changes, not the value at start")
  func st03Follow() throws {
    let folder = scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let choices = RememberedChoices(try configuration(folder))
    let units = CurrentValueSubject<String, Never>("celsius")
    choices.follow(units, key: "weather.units")
    #expect(choices.recalled("weather.units") == nil)
    units.send("fahrenheit")
    #expect(RememberedChoices(try configuration(folder)).recalled("weather.units") == "fahrenheit")
  }

  @Test("ST-06 two stores on one file, writing in turn, lose no write")
  func st06TwoWriters() throws {
    let folder = scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let one = RememberedChoices(try configuration(folder))
    let two = RememberedChoices(try configuration(folder))
    for index in 0..<50 {
      #expect(one.remember("\(index)", for: "one.\(index % 5)"))
      #expect(two.remember("\(index)", for: "two.\(index % 5)"))
    }
    let reader = RememberedChoices(try configuration(folder))
    for key in 0..<5 {
      #expect(reader.recalled("one.\(key)") == "\(45 + key)")
      #expect(reader.recalled("two.\(key)") == "\(45 + key)")
    }
  }

  @Test("ST-03 a broken store recalls nothing, keeps nothing, says why, and leaves the file")
  func brokenStore() throws {
    let folder = scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("choices.sqlite")
    try Data(repeating: 0x5A, count: 4096).write(to: file)
    let start = try configuration(folder)
    #expect(start.warnings == ["choices are not remembered: \(file.path) cannot be used"])
    let choices = RememberedChoices(start)
    #expect(choices.problem?.hasPrefix("choices are not remembered") == true)
    #expect(choices.recalled("weather.units") == nil)
    #expect(!choices.remember("fahrenheit", for: "weather.units"))
    #expect(try Data(contentsOf: file) == Data(repeating: 0x5A, count: 4096))
  }
}

@Suite("Remembered choices: a write the store refuses")
struct RememberedChoicesFailureTests {
  @Test("a followed choice that cannot be written is a failure notice, not silence")
  func refusedWrite() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("choices-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let configuration = try AppConfiguration.resolve(
      options: try SharedOptions.parse([]),
      environment: ["HEADLESS_DATA_DIR": folder.path, "XDG_CONFIG_HOME": "/nonexistent"],
      currentDirectory: "/")
    var notices: [String] = []
    let reading = configuration.notices.failures.sink { notices.append($0) }
    defer { reading.cancel() }
    let choices = RememberedChoices(configuration)
    let units = CurrentValueSubject<String, Never>("celsius")
    choices.follow(units, key: "weather.units")
    units.send("fahrenheit")
    #expect(notices.isEmpty && choices.recalled("weather.units") == "fahrenheit")
    // Another process breaks the store: the table is gone.
    let other = try DatabaseQueue(path: folder.appendingPathComponent("choices.sqlite").path)
    try other.write { db in try db.execute(sql: "DROP TABLE choice") }
    units.send("celsius")
    #expect(notices.count == 1)
    #expect(notices.first?.hasPrefix("Choice not saved: weather.units = celsius (") == true)
  }
}

/// Issue 27, item 1: every app's remembered choices go through one `keep`.
@Suite("Remembered choices: keep")
struct RememberedChoicesKeepTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("keep-\(UUID().uuidString)")

  func choices() throws -> RememberedChoices {
    RememberedChoices(
      try AppConfiguration.resolve(
        options: try SharedOptions.parse([]),
        environment: ["HEADLESS_DATA_DIR": folder.path, "XDG_CONFIG_HOME": "/nonexistent"],
        currentDirectory: "/"))
  }

  @Test("ST-03 a remembered value wins over the settings file's; a change is kept")
  func rememberedFirst() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try choices().remember("EUR", for: "shop.currency"))
    let currency = CurrentValueSubject<String, Never>("GBP")
    var restored: [String] = []
    try choices().keep(
      [
        RememberedChoice(.init("shop.currency", settingsKey: "currency"), values: currency) {
          restored.append($0)
          currency.send($0)
        }
      ], settings: ["currency": "AUD"])
    #expect(restored == ["EUR"])
    currency.send("JPY")
    #expect(try choices().recalled("shop.currency") == "JPY")
  }

  @Test("ST-03 nothing remembered: the settings file's value; neither: nothing put back")
  func settingsFallback() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var restored: [String] = []
    let choice = RememberedChoice(
      .init("shop.currency", settingsKey: "currency"), values: Just("GBP")
    ) { restored.append($0) }
    try choices().keep([choice], settings: ["currency": "AUD"])
    #expect(restored == ["AUD"])
    try choices().keep([choice], settings: [:])
    #expect(restored == ["AUD"])
    #expect(try choices().recalled("shop.currency") == nil, "the value at start is not kept")
  }

  @Test("a choice with no value at start keeps its first value")
  func firstValueIsAChange() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let place = PassthroughSubject<String, Never>()
    try choices().keep(
      [RememberedChoice(.init("w.place"), values: place, isSetAtStart: false) { _ in }],
      settings: [:])
    place.send("Paris")
    #expect(try choices().recalled("w.place") == "Paris")
  }
}
