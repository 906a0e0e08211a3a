import Foundation
import ViewModelKit

/// What the tweets view models ask of the navigator; held weakly by them.
@MainActor
public protocol TweetsNavigating: AnyObject {
  func showPeople()
  @discardableResult func showPerson(username: String) -> InputResult
  @discardableResult func showThread(of post: TweetRow) -> InputResult
  func showListTimeline()
  func back()
}

/// Ages of rows, recomputed on the 60 s grid.
final class AgeClock {
  /// A new value at t = 60, 120, … s.
  let ticks = BehaviorRelay(value: 0)
  private var timer: (any Cancellable)?

  init(scheduler: AnySchedulerOf<DispatchQueue>) {
    timer = scheduler.schedule(
      after: scheduler.now.advanced(by: .seconds(TweetsTiming.ageRefresh)),
      interval: .seconds(TweetsTiming.ageRefresh)
    ) { [ticks] in ticks.accept(ticks.value + 1) }
  }

  deinit { timer?.cancel() }
}
