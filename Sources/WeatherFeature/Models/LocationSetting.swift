import Foundation

/// Where the device's position comes from in the terminal apps: `LAT,LON[,ACCURACY]`, `off`,
/// or gpsd.
public enum LocationSetting: Equatable, Sendable {
  /// A fixed position (accuracy in metres, 10 unless given).
  case fixed(LocationFix)
  /// Nothing was configured: the bundled sample position, which the screen names as such.
  case sample(LocationFix)
  /// Location is switched off: requests are denied.
  case off
  /// gpsd at this address (`--gpsd`, `GPSD_HOST`).
  case gpsd(GPSDAddress)

  /// Reads the `--location` / `WEATHER_LOCATION` syntax; nil for anything else.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased() == "off" {
      self = .off
      return
    }
    let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard (2...3).contains(parts.count), let latitude = parts[0], let longitude = parts[1],
      latitude.isFinite, longitude.isFinite
    else { return nil }
    let accuracy = parts.count == 3 ? parts[2] : 10
    guard let accuracy, accuracy.isFinite, accuracy >= 0 else { return nil }
    let coordinate = Coordinate(latitude: latitude, longitude: longitude)
    guard coordinate.isValid else { return nil }
    self = .fixed(LocationFix(coordinate: coordinate, horizontalAccuracy: accuracy))
  }

  /// The start-up error for a value that does not parse.
  public static func invalidMessage(_ text: String) -> String {
    "invalid location '\(text)' (expected LAT,LON[,ACCURACY] or off)"
  }

  /// The provider this setting stands for.
  public var provider: any LocationProvider {
    switch self {
    case .fixed(let fix): StaticLocationProvider(fix: fix)
    case .sample(let fix): StaticLocationProvider(fix: fix, isSample: true)
    case .off: DeniedLocationProvider()
    case .gpsd(let address): GPSDLocationProvider(address: address)
    }
  }

  /// The map's first centre: the configured coordinate (latitude kept within ±85), or
  /// `fallback` when location is off or comes from gpsd (not asked before the user does).
  public func mapCenter(fallback: Coordinate) -> Coordinate {
    let center: Coordinate
    switch self {
    case .fixed(let fix), .sample(let fix): center = fix.coordinate
    case .off, .gpsd: center = fallback
    }
    return Coordinate(latitude: min(85, max(-85, center.latitude)), longitude: center.longitude)
  }
}
