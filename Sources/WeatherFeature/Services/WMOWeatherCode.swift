/// The WMO weather interpretation codes (WMO 4677, as Open-Meteo sends them) in the app's
/// terms: the condition's words and the icon code the glyphs are chosen by (OpenWeatherMap's,
/// `04d`), by day or by night.
enum WMOWeatherCode {
  /// The words and the icon code for `code`; nil for a code the table does not have.
  static func condition(_ code: Int, isDay: Bool) -> (description: String, iconCode: String)? {
    guard let (description, icon) = table[code] else { return nil }
    return (description, icon + (isDay ? "d" : "n"))
  }

  private static let table: [Int: (String, String)] = [
    0: ("clear sky", "01"), 1: ("mainly clear", "02"), 2: ("partly cloudy", "03"),
    3: ("overcast", "04"), 45: ("fog", "50"), 48: ("depositing rime fog", "50"),
    51: ("light drizzle", "09"), 53: ("moderate drizzle", "09"), 55: ("dense drizzle", "09"),
    56: ("light freezing drizzle", "09"), 57: ("dense freezing drizzle", "09"),
    61: ("slight rain", "10"), 63: ("moderate rain", "10"), 65: ("heavy rain", "10"),
    66: ("light freezing rain", "13"), 67: ("heavy freezing rain", "13"),
    71: ("slight snow fall", "13"), 73: ("moderate snow fall", "13"),
    75: ("heavy snow fall", "13"), 77: ("snow grains", "13"),
    80: ("slight rain showers", "09"), 81: ("moderate rain showers", "09"),
    82: ("violent rain showers", "09"), 85: ("slight snow showers", "13"),
    86: ("heavy snow showers", "13"), 95: ("thunderstorm", "11"),
    96: ("thunderstorm with slight hail", "11"), 99: ("thunderstorm with heavy hail", "11"),
  ]
}
