import Foundation
import ViewModelKit

/// What the weather screen knows, unformatted, and its toast line: the one store the screen's
/// parts (its queries, its map, its key saving) read and change, each through `update`.
final class WeatherFactsStore {
  /// The facts now and after each change; `WeatherState` is their display.
  let facts: BehaviorRelay<WeatherFacts>
  /// Lines for the toast line, in order.
  let toasts = PublishRelay<String>()

  init(_ initial: WeatherFacts) { facts = BehaviorRelay(value: initial) }

  /// The facts now.
  var value: WeatherFacts { facts.value }

  /// Changes the facts; a change that changes nothing is not delivered.
  func update(_ change: (inout WeatherFacts) -> Void) {
    var next = facts.value
    change(&next)
    if next != facts.value { facts.accept(next) }
  }
}
