import Foundation

/// Where view models get "now" from: the system clock, or an instant pinned by `HEADLESS_NOW`.
public struct AppClock: Sendable {
  /// The current instant, as the apps should see it.
  public let now: @Sendable () -> Date
  /// The pinned instant, when the clock is pinned.
  public let pinned: Date?
  /// How many times faster than the wall clock the apps' timers run: 1, except in the test
  /// mode `HEADLESS_NOW` starts, where `HEADLESS_TIME_SCALE` (0.01 to 100) may speed them up or slow them down.
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
      guard let scale = Double(timeScale), (0.01...100).contains(scale) else {
        throw .invalidValue("HEADLESS_TIME_SCALE is not a number from 0.01 to 100: \(timeScale)")
      }
      clock.timeScale = scale
    }
    return clock
  }

  /// An RFC 3339 instant, strictly: `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds, then
  /// `Z` or `±HH:MM`; a date that does not exist (February 30th), a field out of range, an
  /// offset beyond ±18 h, a year outside 1970…9999, spaces or anything after it are refused
  /// (Foundation's ISO 8601 formatter on Linux accepted all of those).
  static func parseInstant(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count,
        bytes[range].allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    func byte(_ index: Int, _ expected: Character) -> Bool {
      index < bytes.count && bytes[index] == expected.asciiValue
    }
    guard let year = number(0..<4), byte(4, "-"), let month = number(5..<7), byte(7, "-"),
      let day = number(8..<10), byte(10, "T") || byte(10, "t"), let hour = number(11..<13),
      byte(13, ":"), let minute = number(14..<16), byte(16, ":"), let second = number(17..<19),
      (1970...9999).contains(year), (1...12).contains(month), (0...23).contains(hour),
      (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if byte(index, ".") {
      index += 1
      let digits = bytes[index...].prefix { (0x30...0x39).contains($0) }
      guard (1...9).contains(digits.count) else { return nil }
      fraction = Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
      index += digits.count
    }
    var offset = 0
    if byte(index, "Z") || byte(index, "z") {
      index += 1
    } else if byte(index, "+") || byte(index, "-") {
      guard let hours = number(index + 1..<index + 3), byte(index + 3, ":"),
        let minutes = number(index + 4..<index + 6), hours <= 18, minutes <= 59
      else { return nil }
      offset = (hours * 3600 + minutes * 60) * (byte(index, "-") ? -1 : 1)
      index += 6
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard day >= 1, day <= days[month - 1] else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
    calendar.timeZone = zone
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components)?.addingTimeInterval(fraction)
  }
}
