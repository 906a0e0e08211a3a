import Foundation
import ViewModelKit

/// What the list timeline and a person's timeline have in common, so that a front end draws
/// and drives "a timeline" once: one `TimelineState`, `ScreenEvent`s, one `TimelineInput`.
public protocol TimelineModel: ScreenModel
where
  State == TimelineState, Event == ScreenEvent, Input == TimelineInput, Answer == InputResult
{
  /// What the shared inputs act on (its parts are the module's own).
  var controls: TimelineControls { get }
}

/// What the user can do on a timeline, the list's or a person's.
public enum TimelineInput: Codable, Equatable, Sendable {
  /// Stops (true) or resumes fetching, app-wide: the flag is shared by every timeline.
  case setPaused(Bool)
  /// Flips the app-wide pause.
  case togglePaused
  /// Polls now (unless paused or unauthorized).
  case refresh
  /// Asks for the next older rows (stored first, then a page); refused with the reason.
  case loadOlder
  /// Shows only the tweets whose text or author has every word of the text (case and
  /// diacritics ignored); "" shows them all.
  case setFilter(text: String)
  /// Opens the list's people (back to them if they are in the stack): a key press, so from
  /// the list timeline at most once per 0.5 s (a repeat within it is dropped).
  case showPeople
  /// Opens the list's people at once, as a command line's `people` asks: a script's lines are
  /// not a key held down, so none is dropped.
  case openPeople
  /// Opens a member's timeline (a tweet's author), replacing another member's on top;
  /// refused for a name that cannot be a username.
  case showPerson(username: String)
  /// Opens the thread of the post `id` this timeline shows (issue 42): its parents and
  /// replies, where the service has them; refused for a post it does not show (issue 53).
  case showThread(id: TwitterID)
  /// Back to the list timeline; in split layout the people pane beside it stays.
  case showList
  /// Leaves this timeline; nothing at the list timeline, the root.
  case back
}

extension ListTimelineViewModel: TimelineModel {}
extension PersonTimelineViewModel: TimelineModel {}

/// What a timeline's inputs act on, the same for both timelines, so that each input is written
/// once (below) for both.
public final class TimelineControls {
  let poller: TimelinePoller
  let older: Action<Void, Void>
  let filter: BehaviorRelay<String>
  let activation: Activation
  /// The rows the timeline's state shows, for the inputs that name a row by its id.
  let shown: ShownRows
  /// Where the routes go; weak, as the navigator owns the scenes.
  weak var navigator: (any TweetsNavigating)?

  init(
    poller: TimelinePoller, older: Action<Void, Void>, filter: BehaviorRelay<String>,
    activation: Activation, shown: ShownRows, navigator: (any TweetsNavigating)?
  ) {
    self.navigator = navigator
    self.shown = shown
    self.poller = poller
    self.older = older
    self.filter = filter
    self.activation = activation
  }
}

extension TimelineModel {
  /// Whether this timeline is seen: it polls only while it is (the session passes the app's
  /// activation to every scene, `TweetsSession.setActive`).
  public var activation: Activation { controls.activation }

  /// The inputs both timelines answer the same way; nil for `showPeople`, which each timeline
  /// answers itself.
  func sendShared(_ input: TimelineInput) -> InputResult? {
    switch input {
    case .setPaused(let paused): controls.poller.setPaused(paused)
    case .togglePaused: controls.poller.setPaused(!controls.poller.isPaused)
    case .refresh: controls.poller.refresh()
    case .loadOlder: return TimelinePoller.loadOlder(controls.older)
    case .setFilter(let text): controls.filter.accept(text)
    case .showPerson(let username):
      return controls.navigator?.showPerson(username: username) ?? .accepted
    case .showThread(let id):
      guard let post = controls.shown.row(id: id) else {
        return .rejected("That post is not shown here.")
      }
      return controls.navigator?.showThread(of: post) ?? .accepted
    case .showList: controls.navigator?.showListTimeline()
    case .openPeople: controls.navigator?.showPeople()
    case .back: controls.navigator?.back()
    case .showPeople: return nil
    }
    return .accepted
  }

  /// `send(.setPaused(_:))`.
  public func setPaused(_ paused: Bool) { send(.setPaused(paused)) }
  /// `send(.togglePaused)`.
  public func togglePaused() { send(.togglePaused) }
  /// `send(.refresh)`.
  public func refresh() { send(.refresh) }
  /// `send(.loadOlder)`.
  @discardableResult public func loadOlder() -> InputResult { send(.loadOlder) }
  /// `send(.setFilter(text:))`.
  public func setFilter(_ text: String) { send(.setFilter(text: text)) }
  /// `send(.showPeople)`.
  public func showPeople() { send(.showPeople) }
  /// `send(.back)`.
  public func back() { send(.back) }
  /// `send(.showPerson(username:))`.
  @discardableResult public func showPerson(username: String) -> InputResult {
    send(.showPerson(username: username))
  }
}

extension Scene {
  /// The scene's timeline, if it shows one.
  public var timeline: (any TimelineModel)? {
    switch self {
    case .listTimeline(let model): model
    case .personTimeline(let model): model
    case .thread(let model): model
    case .listPeople: nil
    }
  }

  /// Records whether the scene's screen is seen.
  @MainActor public func setActive(_ active: Bool) {
    switch self {
    case .listTimeline(let model): model.setActive(active)
    case .personTimeline(let model): model.setActive(active)
    case .thread(let model): model.setActive(active)
    case .listPeople(let model): model.setActive(active)
    }
  }

  /// The scene's member list, if it shows one.
  public var people: ListPeopleViewModel? {
    if case .listPeople(let model) = self { model } else { nil }
  }

  /// The identity of the scene's view model (a scene that is still on the stack keeps it).
  public var modelIdentity: ObjectIdentifier {
    switch self {
    case .listTimeline(let model): ObjectIdentifier(model)
    case .listPeople(let model): ObjectIdentifier(model)
    case .personTimeline(let model): ObjectIdentifier(model)
    case .thread(let model): ObjectIdentifier(model)
    }
  }
}
