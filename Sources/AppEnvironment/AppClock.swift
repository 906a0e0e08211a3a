import Foundation

/// Where view models get "now" from: the system clock, or an instant pinned by `HEADLESS_NOW`.
public struct AppClock: Sendable {
  /// The current instant, as the apps should see it.
  public let now: @Sendable () -> Date
  /// The pinned instant, when the clock is pinned.
  public let pinned: Date?
  /// How many times faster than the wall clock the apps' timers run: 1, except in the test
  /// mode `HEADLESS_NOW` starts, where `HEADLESS_TIME_SCALE` (1 to 100) may speed them up.
  public var timeScale: Double = 1

  /// The system clock.
  public static let system = AppClock(now: { Date() }, pinned: nil)

  /// A clock that always answers `instant`.
  public static func pinned(at instant: Date) -> AppClock {
    AppClock(now: { instant }, pinned: instant)
  }

  /// The clock `HEADLESS_NOW` asks for: pinned when it is set, else the system clock.
  /// `HEADLESS_TIME_SCALE` counts only with it.
  static func from(headlessNow value: String?, timeScale: String? = nil) throws(ConfigurationError)
    -> AppClock
  {
    guard let value, !value.isEmpty else { return .system }
    guard let instant = parseInstant(value) else { throw .invalidNow(value) }
    var clock = AppClock.pinned(at: instant)
    if let timeScale, !timeScale.isEmpty {
      guard let scale = Double(timeScale), (1...100).contains(scale) else {
        throw .invalidValue("HEADLESS_TIME_SCALE is not a number from 1 to 100: \(timeScale)")
      }
      clock.timeScale = scale
    }
    return clock
  }

  /// An ISO 8601 instant with a zone, with or without fractional seconds.
  static func parseInstant(_ text: String) -> Date? {
    let plain = ISO8601DateFormatter()
    plain.formatOptions = [.withInternetDateTime]
    if let date = plain.date(from: text) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: text)
  }
}
