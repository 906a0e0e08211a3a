import Foundation
import ViewModelKit

extension TestScheduler where SchedulerTimeType == DispatchQueue.SchedulerTimeType {
  /// Seconds of virtual time since the scheduler was made by `DispatchQueue.test`.
  public var elapsed: TimeInterval {
    TimeInterval(now.dispatchTime.uptimeNanoseconds - 1) / 1_000_000_000
  }

  /// Runs everything due now ("t=0" in the specs, after the current instant settles).
  public func settle() { advance(by: .zero) }

  /// Moves virtual time forward by `seconds`, running what falls due on the way.
  public func advance(seconds: TimeInterval) {
    advance(by: .nanoseconds(Int((seconds * 1e9).rounded())))
  }

  /// Moves virtual time forward to `seconds` after the start, if that is still ahead.
  public func advance(toSeconds seconds: TimeInterval) {
    let target = seconds - elapsed
    if target > 0 { advance(seconds: target) } else { settle() }
  }
}

extension TestScheduler
where
  SchedulerTimeType == DispatchQueue.SchedulerTimeType,
  SchedulerOptions == DispatchQueue.SchedulerOptions
{
  /// The scheduler erased to the type view models take.
  public var asAny: AnySchedulerOf<DispatchQueue> { eraseToAnyScheduler() }
}
