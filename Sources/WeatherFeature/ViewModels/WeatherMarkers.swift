// How the weather screen names a key and a place on the map: the masked key of
// `apiKeyStatus`, and one marker per place with its glyph, name and temperature.

extension WeatherViewModel {
  nonisolated static func maskedKey(_ key: String) -> String {
    if key.isEmpty { return "not set" }
    return key.count < 5 ? "****" : "****" + key.suffix(4)
  }

  nonisolated static func markerID(_ weather: Weather) -> String {
    CityKey(weather.cityName)?.value ?? WeatherFormat(symbols: .unicode).cityName(weather)
  }

  nonisolated static func marker(
    _ weather: Weather, _ unit: TemperatureUnit, _ format: WeatherFormat
  )
    -> MapMarker
  {
    let icon = format.icon(weather.iconCode)
    return MapMarker(
      id: markerID(weather), coordinate: weather.coordinate, icon: icon,
      label:
        "\(icon) \(format.cityName(weather)) \(format.temperature(weather.temperatureC, unit: unit))",
      name: weather.cityName.isEmpty ? "" : format.cityName(weather)
    )
  }
}
