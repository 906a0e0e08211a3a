import ViewModelKit

/// What a head can ask of the tweets app: an input for the timeline on top, for the list's
/// people, or for the app as a whole. On the wire, `{"timeline": {"loadOlder": {}}}`,
/// `{"people": {"select": {"index": 0}}}` or `{"app": {"logOut": {}}}`.
public enum TweetsSessionInput: Codable, Equatable, Sendable {
  /// An input for the topmost timeline.
  case timeline(TimelineInput)
  /// An input for the list's people, wherever they are in the stack.
  case people(PeopleInput)
  /// An input for the app as a whole: layout, log-out, letting time pass.
  case app(TweetsAppInput)

  /// Writes `{"<screen>": <input>}`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .timeline(let input):
      try ScreenAddressedCoding.encode(input, screen: "timeline", to: encoder)
    case .people(let input): try ScreenAddressedCoding.encode(input, screen: "people", to: encoder)
    case .app(let input): try ScreenAddressedCoding.encode(input, screen: "app", to: encoder)
    }
  }

  /// Reads `{"<screen>": <input>}`; an unknown screen is refused.
  public init(from decoder: any Decoder) throws {
    let (name, container) = try ScreenAddressedCoding.screen(in: decoder)
    let key = ScreenAddressedCoding.Key(stringValue: name)
    switch name {
    case "timeline": self = .timeline(try container.decode(TimelineInput.self, forKey: key))
    case "people": self = .people(try container.decode(PeopleInput.self, forKey: key))
    case "app": self = .app(try container.decode(TweetsAppInput.self, forKey: key))
    default: throw ScreenAddressedCoding.unknown(name, in: decoder)
    }
  }
}

extension TweetsSession {
  /// The refusals of an input whose screen is not in the stack.
  public enum Refusal {
    /// A timeline input with no timeline in the stack.
    public static let noTimeline = "No timeline is shown."
    /// A people input with no people scene in the stack.
    public static let noPeople = "The list's people are not shown."
  }

  /// Sends `input` to the topmost scene of its kind: the timeline on top (a person's, else
  /// the list's), or the people scene; refused when the stack has none.
  @discardableResult
  public func send(_ input: TweetsSessionInput) -> PendingResult {
    let scenes = navigator.currentScenes
    switch input {
    case .timeline(let input):
      guard let timeline = scenes.last(where: { $0.timeline != nil })?.timeline else {
        return Replayed.answered(.rejected(Refusal.noTimeline))
      }
      return timeline.send(input).pending
    case .people(let input):
      guard let people = scenes.last(where: { $0.people != nil })?.people else {
        return Replayed.answered(.rejected(Refusal.noPeople))
      }
      return people.send(input).pending
    case .app(let input): return Replayed.answered(send(app: input))
    }
  }
}
