import Foundation
import PropertyBased
import Testing
import WeatherFeature

/// Doubles a hostile server or file may hold: anything finite, huge, tiny, the limits of
/// the app's ranges, and non-finite values that JSON cannot carry but a formatter may meet.
let extremeDoubles = Gen.oneOf(
  // Every magnitude, from 1e-308 to 1e308, of either sign.
  Gen.double(in: -308...308).map { pow(10, $0) },
  Gen.double(in: -308...308).map { -pow(10, $0) },
  Gen.double(in: -1e6...1e6),
  Gen.element(of: [
    0, -0.0, 1e300, -1e300, 1.7e308, -1.7e308, .infinity, -.infinity, .nan, 9.3e18, -9.3e18,
    Double(Int.max), Double(Int.min), .leastNonzeroMagnitude, -150, 100, 100.0000001, -150.0000001,
  ]).map { $0 ?? 0 })

/// Issue 9: no decoder or formatter of weather traps, whatever the numbers.
@Suite("Weather: extreme numbers, property-based")
struct WeatherExtremeNumberPropertyTests {
  @Test("the current-weather decoder refuses what it cannot show and never traps")
  func currentDecoder() async {
    await propertyCheck(count: 300, input: extremeDoubles, extremeDoubles, extremeDoubles) {
      temperature, humidity, latitude in
      let body = """
        {"coord":{"lat":\(latitude),"lon":0},"main":{"temp":\(temperature),\
        "humidity":\(humidity)},"name":"X","cod":200}
        """
      if let weather = try? WeatherDecoder.current(Data(body.utf8)) {
        #expect(WeatherDecoder.temperatureRange.contains(weather.temperatureC))
        #expect((0...100).contains(weather.humidity))
        #expect(
          WeatherFormat(symbols: .ascii).temperature(weather.temperatureC, unit: .celsius)
            != "--C")
      }
    }
  }

  @Test("the forecast decoder and the chart never trap")
  func forecastDecoder() async {
    await propertyCheck(
      count: 300, input: extremeDoubles.array(of: 1...12), extremeDoubles,
      Gen.int(in: Int.min...Int.max)
    ) { temperatures, time, zone in
      let list = temperatures.map { #"{"dt":\#(time),"main":{"temp":\#($0)}}"# }
      let body = #"{"list":[\#(list.joined(separator: ","))],"city":{"timezone":\#(zone)}}"#
      if let forecast = try? WeatherDecoder.forecast(Data(body.utf8)) {
        let chart = ForecastChart(format: WeatherFormat(symbols: .unicode))
        #expect(chart.trend(forecast).count == forecast.steps.count)
        #expect(!chart.rows(forecast, unit: .fahrenheit).isEmpty)
      }
    }
  }

  @Test("the temperature formatter never traps, in either unit")
  func temperatureFormatter() async {
    await propertyCheck(count: 500, input: extremeDoubles) { value in
      for unit in [TemperatureUnit.celsius, .fahrenheit] {
        #expect(!WeatherFormat(symbols: .unicode).temperature(value, unit: unit).isEmpty)
      }
    }
  }
}
