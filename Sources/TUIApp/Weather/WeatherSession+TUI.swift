import ViewModelKit
import WeatherFeature

/// The weather app in the TUI: its session's screen.
extension WeatherSession: TUIPresentable {
  public func makeScreen(
    scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) -> any AppScreen {
    WeatherScreen(session: self, scheduler: scheduler, redraw: redraw)
  }
}
