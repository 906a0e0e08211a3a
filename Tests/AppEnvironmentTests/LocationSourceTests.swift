import AppEnvironment
import Foundation
import Testing
import WeatherFeature

@Suite("Weather's position source: --location, --gpsd, WEATHER_LOCATION, GPSD_HOST")
struct LocationSourceTests {
  func setting(
    location: String? = nil, gpsd: Bool = false, _ environment: [String: String] = [:]
  ) throws -> LocationSetting {
    let configuration = try AppConfiguration.resolve(
      options: try SharedOptions.parse([]),
      environment: environment.merging(["HOME": "/h"]) { a, _ in a },
      currentDirectory: "/work")
    return try WeatherComposition.locationSetting(
      configuration, options: .init(location: location, gpsd: gpsd))
  }

  @Test("WW-05 --gpsd asks localhost:2947, or GPSD_HOST; GPSD_HOST alone is enough")
  func gpsdSources() throws {
    #expect(try setting(gpsd: true) == .gpsd(GPSDAddress(host: "localhost")))
    #expect(
      try setting(gpsd: true, ["GPSD_HOST": "10.0.0.7:3000"])
        == .gpsd(GPSDAddress(host: "10.0.0.7", port: 3000)))
    #expect(try setting(["GPSD_HOST": "gps.lan"]) == .gpsd(GPSDAddress(host: "gps.lan")))
  }

  @Test("WW-05 a flag beats the other's variable; two sources of one kind are an error")
  func precedence() throws {
    #expect(try setting(location: "off", ["GPSD_HOST": "gps.lan"]) == .off)
    #expect(
      try setting(gpsd: true, ["WEATHER_LOCATION": "off"]) == .gpsd(GPSDAddress(host: "localhost")))
    #expect(throws: ConfigurationError.self) { try setting(location: "off", gpsd: true) }
    #expect(throws: ConfigurationError.self) {
      try setting(["GPSD_HOST": "gps.lan", "WEATHER_LOCATION": "off"])
    }
    #expect(throws: ConfigurationError.self) { try setting(["GPSD_HOST": "host:99999"]) }
  }

  @Test("issue 29: with no source given, the position is the bundled sample, named as one")
  func sampleByDefault() throws {
    guard case .sample(let fix) = try setting() else {
      Issue.record("expected the sample position")
      return
    }
    #expect(fix.coordinate.isValid)
    #expect(try setting(location: "52.37,4.89") != .sample(fix))
  }
}
