import Foundation

/// Turns a forecast into the trend line and one row per local day.
public struct ForecastChart: Sendable {
  public let format: WeatherFormat

  public init(format: WeatherFormat) { self.format = format }

  private var bars: [Character] { Self.bars(format.symbols) }

  /// The eight bar glyphs, lowest first, in a symbol set: what a level 0…7 is drawn as.
  public static func bars(_ symbols: SymbolSet) -> [Character] {
    symbols == .ascii ? Array("_.-=+*#@") : Array("▁▂▃▄▅▆▇█")
  }

  /// Bar level 0…7 of each step, over the whole forecast's range.
  static func levels(_ steps: [ForecastStep]) -> [Int] {
    guard let lo = steps.map(\.temperatureC).min(), let hi = steps.map(\.temperatureC).max()
    else { return [] }
    let span = hi - lo
    return steps.map { step in
      // A span that overflows to infinity (±1.7e308) or is empty draws a flat line.
      guard span > 0, span.isFinite else { return 3 }
      let level = ((step.temperatureC - lo) / span * 7).rounded(.toNearestOrAwayFromZero)
      guard level.isFinite else { return 3 }
      return Int(min(7, max(0, level)))
    }
  }

  /// Each step's bar, one character each, in time order (a head that has room draws the
  /// levels wider itself).
  public func trend(_ forecast: Forecast) -> String {
    String(Self.levels(forecast.steps).map { bars[$0] })
  }

  /// Each step's bar level, 0…7, in time order: the trend as data.
  public func trendLevels(_ forecast: Forecast) -> [Int] { Self.levels(forecast.steps) }

  /// One row per local calendar day, one bar character per 3-hour slot.
  public func rows(_ forecast: Forecast, unit: TemperatureUnit) -> [ForecastRow] {
    let levels = Self.levels(forecast.steps)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var days: [(start: Date, entries: [(step: ForecastStep, local: Date, level: Int)])] = []
    for (step, level) in zip(forecast.steps, levels) {
      let local = step.time.addingTimeInterval(TimeInterval(forecast.timezoneOffset))
      let start = calendar.startOfDay(for: local)
      if days.last?.start == start {
        days[days.count - 1].entries.append((step, local, level))
      } else {
        days.append((start, [(step, local, level)]))
      }
    }
    let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    return days.map { day in
      let name = names[calendar.component(.weekday, from: day.start) - 1]
      let noon = day.start.addingTimeInterval(12 * 3600)
      let nearest = day.entries.min { a, b in
        let (da, db) = (abs(a.local.timeIntervalSince(noon)), abs(b.local.timeIntervalSince(noon)))
        return da != db ? da < db : a.local < b.local
      }!
      var slots = Array(repeating: Character(" "), count: 8)
      var slotLevels = [Int?](repeating: nil, count: 8)
      for entry in day.entries {
        let hour = calendar.component(.hour, from: entry.local)
        slots[hour / 3] = bars[entry.level]
        slotLevels[hour / 3] = entry.level
      }
      let temperatures = day.entries.map(\.step.temperatureC)
      let low = format.temperature(temperatures.min()!, unit: unit)
      let high = format.temperature(temperatures.max()!, unit: unit)
      let icon = format.icon(nearest.step.iconCode)
      let bars = String(slots)
      func pad(_ text: String) -> String {
        String(repeating: " ", count: max(0, 5 - text.count)) + text
      }
      let label = "\(name) \(icon) \(pad(low)) \(pad(high))"
      var row = ForecastRow(
        day: name, icon: icon, low: low, high: high, bars: bars, text: label + " " + bars)
      row.label = label
      let parts = calendar.dateComponents([.year, .month, .day], from: day.start)
      if let year = parts.year, let month = parts.month, let dayOfMonth = parts.day {
        row.date = String(format: "%04d-%02d-%02d", year, month, dayOfMonth)
      }
      row.rainChance = day.entries.compactMap(\.step.rainChance).max()
      row.rainText = row.rainChance.map { "rain \($0)%" } ?? ""
      row.summary =
        "\(name) \(icon) \(pad(low)) / \(high)" + (row.rainText.isEmpty ? "" : "  " + row.rainText)
      row.lowValue = unit.value(celsius: temperatures.min()!)
      row.highValue = unit.value(celsius: temperatures.max()!)
      row.levels = slotLevels
      return row
    }
  }
}
