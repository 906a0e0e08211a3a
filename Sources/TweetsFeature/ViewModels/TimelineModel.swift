import Foundation
import ViewModelKit

/// What the list timeline and a person's timeline have in common, so that a front end draws
/// and drives "a timeline" once: one `TimelineState`, `TimelineEvent`s, the same inputs. (The
/// list timeline adds `showPeople()`; a person's timeline adds `back()`.)
public protocol TimelineModel: ScreenModel where State == TimelineState, Event == TimelineEvent {
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

extension Scene {
  /// The scene's timeline, if it shows one.
  public var timeline: (any TimelineModel)? {
    switch self {
    case .listTimeline(let model): model
    case .personTimeline(let model): model
    case .listPeople: nil
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
