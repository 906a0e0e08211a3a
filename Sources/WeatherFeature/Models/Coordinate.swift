import Foundation

/// A point on the globe, in degrees.
public struct Coordinate: Codable, Equatable, Hashable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Whether latitude is within −90…90 and longitude within −180…180.
  public var isValid: Bool {
    (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
  }

  /// Great-circle distance in kilometres.
  public func distance(to other: Coordinate) -> Double {
    let radians = Double.pi / 180
    let dLat = (other.latitude - latitude) * radians
    let dLon = (other.longitude - longitude) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2)
      + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6371 * atan2(sqrt(a), sqrt(1 - a))
  }
}
