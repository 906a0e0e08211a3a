import Foundation
import ViewModelKit

/// What the weather screen knows, unformatted, and its toast line: the one store the screen's
/// parts (its queries, its map, its key saving) read and change, each through `update`.
final class WeatherFactsStore {
  /// The facts now and after each change; `WeatherState` is their display.
  let facts: BehaviorRelay<WeatherFacts>
  /// Lines for the toast line, in order.
  let toasts = PublishRelay<ScreenEvent>()

  /// The search field's text as last typed (`setQuery`) or set: read by `submit`; typing
  /// changes no state.
  var queryText = ""

  init(_ initial: WeatherFacts) { facts = BehaviorRelay(value: initial) }

  /// Replaces the search field's text from the view model's side (a place shown at start; a
  /// location or map query, after which the old text no longer names what is shown): the
  /// state carries it with a new revision, so a front end replaces its field.
  func replaceQuery(with text: String) {
    guard text != queryText else { return }
    queryText = text
    update {
      $0.cityField = text
      $0.cityFieldRevision &+= 1
    }
  }

  /// The facts now.
  var value: WeatherFacts { facts.value }

  /// Changes the facts; a change that changes nothing is not delivered.
  func update(_ change: (inout WeatherFacts) -> Void) {
    var next = facts.value
    change(&next)
    if next != facts.value { facts.accept(next) }
  }
}
