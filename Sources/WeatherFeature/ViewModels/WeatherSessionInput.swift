import ViewModelKit

/// What a head can ask of the weather app: its one screen's input. On the wire,
/// `{"weather": {"setQuery": {"text": "Paris"}}}`, the same shape as every app's.
public enum WeatherSessionInput: Codable, Equatable, Sendable {
  /// An input for the weather screen.
  case weather(WeatherInput)

  /// Writes `{"weather": <input>}`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .weather(let input):
      try ScreenAddressedCoding.encode(input, screen: "weather", to: encoder)
    }
  }

  /// Reads `{"weather": <input>}`; another screen is refused.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try ScreenAddressedCoding.screen(in: decoder)
    guard name == "weather" else { throw ScreenAddressedCoding.unknown(name, in: decoder) }
    self = .weather(
      try container.decode(WeatherInput.self, forKey: ScreenAddressedCoding.Key(stringValue: name)))
  }
}

extension WeatherSession {
  /// Sends `input` to the weather screen.
  @discardableResult
  public func send(_ input: WeatherSessionInput) -> PendingResult {
    switch input {
    case .weather(let input): weather.send(input).pending
    }
  }
}
