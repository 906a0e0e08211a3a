import ViewModelKit
import WeatherFeature

/// The weather app on the web: its one screen.
extension WeatherSession: WebPresentable {
  public nonisolated static var pageScript: WebPageScript { .bundled("weather.js") }

  public func webScreens(for scene: WeatherScene) -> [WebScreenSource] {
    [WebScreenSource("weather", weather)]
  }
}
