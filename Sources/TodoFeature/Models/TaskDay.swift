import Foundation

/// A calendar day with no time of day (a task's due date): the number of days since
/// 1970-01-01 in the proleptic Gregorian calendar, years 1 to 9999. Written `2026-12-01`, on
/// the wire and in the store, so that comparing the texts compares the days.
public struct TaskDay: Hashable, Comparable, Sendable {
  /// Days since 1970-01-01 (negative before it).
  public let dayNumber: Int

  /// The first and the last day a task can be due: 0001-01-01 and 9999-12-31.
  static let range = -719_162...2_932_896

  /// The day `dayNumber` days after 1970-01-01, clamped to years 1 to 9999.
  public init(dayNumber: Int) {
    self.dayNumber = min(max(dayNumber, Self.range.lowerBound), Self.range.upperBound)
  }

  /// The day with this year, month and day of month; nil when there is no such day.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    // Howard Hinnant's days-from-civil, in whole-number arithmetic.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    dayNumber = era * 146_097 + dayOfEra - 719_468
  }

  /// The day `instant` falls on in `timeZone`.
  public init(_ instant: Date, in timeZone: TimeZone) {
    let seconds = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
    let days = (seconds / 86_400).rounded(.down)
    let bounds = Double(Self.range.lowerBound)...Double(Self.range.upperBound)
    self.init(
      dayNumber: days.isFinite ? Int(min(max(days, bounds.lowerBound), bounds.upperBound)) : 0)
  }

  /// Year, month (1–12) and day of the month (1–31).
  public var civil: (year: Int, month: Int, day: Int) {
    let shifted = dayNumber + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 0 for Monday … 6 for Sunday.
  public var weekday: Int { ((dayNumber % 7) + 7 + 3) % 7 }

  /// `count` days later (earlier when negative), kept within years 1 to 9999.
  public func adding(days count: Int) -> TaskDay {
    let (sum, overflow) = dayNumber.addingReportingOverflow(count)
    return TaskDay(dayNumber: overflow ? (count > 0 ? Int.max : Int.min) : sum)
  }

  /// How many days from `self` to `other` (positive when `other` is later).
  public func days(until other: TaskDay) -> Int { other.dayNumber - dayNumber }

  /// The last day of this day's month.
  public var endOfMonth: TaskDay {
    let (year, month, _) = civil
    return TaskDay(year: year, month: month, day: Self.daysIn(month: month, year: year)) ?? self
  }

  /// `2026-12-01`.
  public var text: String {
    let (year, month, day) = civil
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
  }

  /// Reads `2026-12-01` (exactly that shape); nil for anything else or a day that does not
  /// exist.
  public init?(text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == 0x2D, bytes[7] == 0x2D else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    self.init(year: year, month: month, day: day)
  }

  /// The earlier day first.
  public static func < (a: TaskDay, b: TaskDay) -> Bool { a.dayNumber < b.dayNumber }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension TaskDay: Codable {
  /// `"2026-12-01"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }

  /// Reads `"2026-12-01"`; anything else is a data error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let day = TaskDay(text: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "not a day like 2026-12-01: \(text)")
    }
    self = day
  }
}

/// Where "today" comes from: a clock and the time zone whose midnight starts a day. The zone
/// is looked up only when a day is asked for: reading the system's zone costs a one-shot
/// command that never needs it (`cli todo add Buy milk`) a file read.
public struct TaskCalendar: Sendable {
  /// The current instant.
  public let now: @Sendable () -> Date
  private let zone: @Sendable () -> TimeZone

  /// A calendar reading the instant from `now` and, when a day is asked for, where a day
  /// starts from `timeZone`.
  public init(
    now: @escaping @Sendable () -> Date, timeZone: @escaping @autoclosure @Sendable () -> TimeZone
  ) {
    self.now = now
    zone = timeZone
  }

  /// The zone a day is counted in.
  public var timeZone: TimeZone { zone() }

  /// The system clock in the user's time zone (`TZ`).
  public static var system: TaskCalendar { TaskCalendar(now: { Date() }, timeZone: .current) }

  /// The day it is now.
  public var today: TaskDay { TaskDay(now(), in: timeZone) }
}
