import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

@Suite("Weather: caches")
@MainActor
struct WeatherCacheTests {
  func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "weather-cache-\(UUID().uuidString)")
  }

  /// The key for `text`, required.
  func key(_ text: String) throws -> CityKey { try #require(CityKey(text)) }

  @Test("WW-08 CityKey cleans and folds case and diacritics")
  func cityKey() {
    #expect(CityKey("  New   YORK\n")?.value == "new york")
    #expect(CityKey("Zurich") == CityKey("Zürich"))
    #expect(CityKey("ZÜRICH")?.value == "zurich")
    #expect(CityKey("REYKJAVÍK")?.value == "reykjavik")
    #expect(CityKey("São  Paulo")?.value == "sao paulo")
    #expect(CityKey("東京")?.value == "東京")
    #expect(CityKey(" \t ") == nil)
  }

  @Test("in memory: the key stored least recently goes first; storing again refreshes")
  func eviction() throws {
    let cache = InMemoryWeatherCache(capacity: 3)
    for name in ["a", "b", "c"] { cache.store(weather(name), for: try key(name)) }
    cache.store(weather("a2"), for: try key("a"))
    cache.store(weather("d"), for: try key("d"))
    #expect(try cache.weather(for: key("b")) == nil)
    #expect(try cache.weather(for: key("a"))?.cityName == "a2")
    #expect(cache.orderedEntries.map(\.0.value) == ["c", "a", "d"])
  }

  @Test("the 10,001st key evicts the oldest")
  func capacity() throws {
    let cache = InMemoryWeatherCache()
    for index in 0...10_000 { cache.store(W_London, for: try key("city \(index)")) }
    #expect(try cache.weather(for: key("city 0")) == nil)
    #expect(try cache.weather(for: key("city 1")) != nil && cache.orderedEntries.count == 10_000)
  }

  @Test("stores at 0, 0.3 and 0.9 s make one write at 1 s; a restart reads them in order")
  func oneWritePerSecond() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scheduler = DispatchQueue.test
    let cache = FileWeatherCache(directory: directory, scheduler: scheduler.asAny)
    let file = directory.appendingPathComponent("weather-cache.json")
    cache.store(weather("Paris"), for: try key("paris"))
    scheduler.advance(toSeconds: 0.3)
    cache.store(W_London, for: try key("london"))
    scheduler.advance(toSeconds: 0.9)
    cache.store(weather("Paris", temperature: 20), for: try key("paris"))
    scheduler.advance(toSeconds: 0.99)
    #expect(!FileManager.default.fileExists(atPath: file.path) && cache.writeCount == 0)
    scheduler.advance(toSeconds: 1)
    #expect(cache.writeCount == 1)
    scheduler.advance(toSeconds: 5)
    #expect(cache.writeCount == 1)
    let restarted = FileWeatherCache(directory: directory, scheduler: scheduler.asAny)
    #expect(try restarted.weather(for: key("paris"))?.temperatureC == 20)
    #expect(try restarted.weather(for: key("london")) == W_London)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasPrefix(#"{"entries":[{"key":"london""#))
    #expect(text.contains(#""version":1"#))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(leftovers == ["weather-cache.json"])  // the temporary file was renamed
  }

  @Test("flush writes at once and cancels the scheduled write")
  func flush() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scheduler = DispatchQueue.test
    let cache = FileWeatherCache(directory: directory, scheduler: scheduler.asAny)
    cache.store(W_London, for: try key("london"))
    cache.flush()
    #expect(cache.writeCount == 1)
    scheduler.advance(seconds: 2)
    #expect(cache.writeCount == 1)
    cache.flush()
    #expect(cache.writeCount == 1)  // nothing pending
  }

  @Test("a malformed file is an empty cache and is replaced by the next write")
  func malformed() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("weather-cache.json")
    try Data("{ not json".utf8).write(to: file)
    let scheduler = DispatchQueue.test
    let cache = FileWeatherCache(directory: directory, scheduler: scheduler.asAny)
    #expect(try cache.weather(for: key("london")) == nil)
    cache.store(W_London, for: try key("london"))
    cache.flush()
    #expect(
      FileWeatherCache(directory: directory, scheduler: scheduler.asAny).weather(
        for: try key("london"))
        == W_London)
  }

  @Test("an entry that does not decode is skipped")
  func badEntry() throws {
    let directory = folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let good =
      #"{"key":"london","weather":{"cityName":"London","coordinate":{"latitude":51.5085,"longitude":-0.1257},"temperatureC":12.4,"humidity":81,"iconCode":"04d","description":"broken clouds"}}"#
    try Data(#"{"version":1,"entries":[{"key":"x","weather":{}},\#(good)]}"#.utf8).write(
      to: directory.appendingPathComponent("weather-cache.json"))
    let cache = FileWeatherCache(directory: directory, scheduler: DispatchQueue.test.asAny)
    // The entry predates the felt temperature, the pressure and the wind: they read as unknown.
    var written = W_London
    (written.feelsLikeC, written.pressureHPa, written.wind) = (nil, nil, nil)
    #expect(
      try cache.weather(for: key("london")) == written && cache.weather(for: key("x")) == nil)
  }

  @Test("an unwritable directory loses nothing for the session")
  func unwritable() throws {
    let blocker = folder()
    defer { try? FileManager.default.removeItem(at: blocker) }
    try Data("a file".utf8).write(to: blocker)
    let cache = FileWeatherCache(
      directory: blocker.appendingPathComponent("inside"), scheduler: DispatchQueue.test.asAny)
    cache.store(W_London, for: try key("london"))
    cache.flush()
    #expect(try cache.writeCount == 0 && cache.weather(for: key("london")) == W_London)
  }
}

@Suite("Weather: the location setting")
@MainActor
struct LocationSettingTests {
  @Test("LAT,LON[,ACCURACY] or off; anything else is refused")
  func parse() {
    #expect(
      LocationSetting("52.37,4.89")
        == .fixed(
          LocationFix(
            coordinate: Coordinate(latitude: 52.37, longitude: 4.89), horizontalAccuracy: 10)))
    #expect(
      LocationSetting(" -33.9, 151.2, 250 ")
        == .fixed(
          LocationFix(
            coordinate: Coordinate(latitude: -33.9, longitude: 151.2), horizontalAccuracy: 250)))
    #expect(LocationSetting("OFF") == .off)
    for bad in ["abc", "95,0", "0,181", "1,2,-1", "1", "1,2,3,4", "", "1,,2", "nan,1"] {
      #expect(LocationSetting(bad) == nil, "\(bad)")
    }
    #expect(
      LocationSetting.invalidMessage("abc")
        == "invalid location 'abc' (expected LAT,LON[,ACCURACY] or off)")
  }

  @Test("the map starts at the configured place, latitude within ±85")
  func center() {
    let fallback = Coordinate(latitude: 52.3731, longitude: 4.8922)
    #expect(LocationSetting("89,10")?.mapCenter(fallback: fallback).latitude == 85)
    #expect(LocationSetting("off")?.mapCenter(fallback: fallback) == fallback)
  }
}
