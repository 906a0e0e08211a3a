import WeatherFeature

/// The weather app in the CLI: its session's command set.
extension WeatherSession: CLIPresentable {
  public nonisolated static var commandSet: any CLIApplication.Type { WeatherCLI.self }
  public func makeCommandSet() -> any CLIApplication { WeatherCLI(session: self) }
}
