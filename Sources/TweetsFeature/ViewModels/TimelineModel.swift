import Foundation
import ViewModelKit

/// What the list timeline and a person's timeline have in common, so that a front end draws
/// and drives "a timeline" once: the same outputs, the same inputs. (The list timeline adds
/// `placeholder`, `loggedIn` and `showPeople()`; a person's timeline adds `back()`.)
public protocol TimelineModel: AnyObject {
  /// The timeline's heading: `@owner/slug`, or `@username` (`Loading...`, `None found`).
  var title: Driver<String> { get }
  /// The rows, newest first, filtered by `filterText`.
  var tweets: Driver<[TweetRow]> { get }
  /// `Live · updated 12:00:30`, `Paused …`, `Offline …`, or the not-authorized line.
  var status: Driver<String> { get }
  /// True while a request is in flight.
  var isLoading: Driver<Bool> { get }
  /// `(more: o)`, `Loading older…`, or "".
  var footer: Driver<String> { get }
  /// Whether `loadOlder()` would start a request.
  var canLoadOlder: Driver<Bool> { get }
  /// Failures, as toasts.
  var error: Signal<String> { get }
  /// The filter's text (extension E3); "" without a filter.
  var filterText: Driver<String> { get }

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
