import Foundation

/// The last good weather per city, for fallbacks.
public protocol WeatherCache: AnyObject {
  func weather(for key: CityKey) -> Weather?
  /// Stores or refreshes `key`; when full, the key stored least recently goes.
  func store(_ weather: Weather, for key: CityKey)
  /// Writes any pending change now (nothing to do in memory).
  func flush()
}

/// A cache held in memory only: tests, fixture sessions and `--ephemeral`.
public final class InMemoryWeatherCache: WeatherCache {
  /// How many keys it keeps.
  public static let capacity = 10_000

  private var entries = StoreOrder()
  private let capacity: Int

  public init(capacity: Int = InMemoryWeatherCache.capacity, entries: [(CityKey, Weather)] = []) {
    self.capacity = capacity
    for (key, weather) in entries { store(weather, for: key) }
  }

  public func weather(for key: CityKey) -> Weather? { entries.value(for: key) }

  public func store(_ weather: Weather, for key: CityKey) {
    entries.put(weather, for: key)
    while entries.count > capacity { entries.removeOldest() }
  }

  public func flush() {}

  /// Every entry, least recently stored first.
  public var orderedEntries: [(CityKey, Weather)] { entries.ordered }
}

/// Values by key, remembering the order keys were last stored in; every operation is O(1)
/// (amortised for eviction).
struct StoreOrder {
  private var values: [CityKey: (weather: Weather, stamp: Int)] = [:]
  private var keysByStamp: [Int: CityKey] = [:]
  private var next = 0
  private var oldest = 0

  var count: Int { values.count }

  func value(for key: CityKey) -> Weather? { values[key]?.weather }

  mutating func put(_ weather: Weather, for key: CityKey) {
    if let old = values[key] { keysByStamp[old.stamp] = nil }
    values[key] = (weather, next)
    keysByStamp[next] = key
    next += 1
  }

  mutating func removeOldest() {
    while oldest < next {
      defer { oldest += 1 }
      if let key = keysByStamp.removeValue(forKey: oldest) {
        values[key] = nil
        return
      }
    }
  }

  var ordered: [(CityKey, Weather)] {
    (oldest..<next).compactMap { stamp in
      keysByStamp[stamp].flatMap { key in values[key].map { (key, $0.weather) } }
    }
  }
}
