import Foundation
import ViewModelKit

/// What the list timeline and a person's timeline have in common, so that a front end draws
/// and drives "a timeline" once: one `TimelineState`, `ScreenEvent`s, the same inputs. (The
/// list timeline adds `showPeople()`; a person's timeline adds `back()`.)
public protocol TimelineModel: ScreenModel where State == TimelineState, Event == ScreenEvent {
  /// What the shared inputs act on (its parts are the module's own).
  var controls: TimelineControls { get }
  /// Stops (true) or resumes fetching; the flag is shared by every timeline.
  func setPaused(_ paused: Bool)
  /// Flips the shared pause.
  func togglePaused()
  /// Polls now (unless paused or unauthorized).
  func refresh()
  /// Asks for the next older page, or says why not.
  @discardableResult func loadOlder() -> InputResult
  /// Filters the rows by words of `text` (case and diacritics ignored).
  func setFilter(_ text: String)
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

  init(
    poller: TimelinePoller, older: Action<Void, Void>, filter: BehaviorRelay<String>,
    activation: Activation
  ) {
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

  /// Stops (true) or resumes fetching, app-wide.
  public func setPaused(_ paused: Bool) { controls.poller.setPaused(paused) }

  /// Flips the app-wide pause.
  public func togglePaused() { controls.poller.setPaused(!controls.poller.isPaused) }

  /// Polls now (unless paused or unauthorized).
  public func refresh() { controls.poller.refresh() }

  /// Asks for the next older rows (stored first, then a page), or says why not.
  @discardableResult
  public func loadOlder() -> InputResult { TimelinePoller.loadOlder(controls.older) }

  /// Shows only the tweets whose text or author has every word of `text` (case and
  /// diacritics ignored); "" shows them all. Extension E3.
  public func setFilter(_ text: String) { controls.filter.accept(text) }
}

extension Scene {
  /// The scene's timeline, if it shows one.
  public var timeline: (any TimelineModel)? {
    switch self {
    case .listTimeline(let model): model
    case .personTimeline(let model): model
    case .listPeople: nil
    }
  }

  /// Records whether the scene's screen is seen.
  @MainActor public func setActive(_ active: Bool) {
    switch self {
    case .listTimeline(let model): model.setActive(active)
    case .personTimeline(let model): model.setActive(active)
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
    }
  }
}
