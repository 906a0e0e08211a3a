import Foundation

extension AnySchedulerOf<DispatchQueue> {
  /// The main queue, running work at once when called on the main thread.
  ///
  /// (combine-schedulers' `UIScheduler` decides "already on main" with
  /// `DispatchQueue.getSpecific`, which on Linux also answers yes on other queues, so work from
  /// a background queue would run there. The main thread is a safe test: after `dispatchMain()`
  /// Linux may run main-queue work on another thread, which only costs a hop.)
  public static var userInterface: AnySchedulerOf<DispatchQueue> { userInterface(timeScale: 1) }

  /// `userInterface`, with the app's time running `timeScale` times faster than the wall
  /// clock (0.01 to 100; anything else is 1): `now` advances that much faster and a delay of
  /// 30 s waits 30/`timeScale` s. End-to-end tests use it (`HEADLESS_TIME_SCALE`) to see a
  /// 30 s poll without waiting 30 s, or (below 1) to hold a short delay open while they act.
  public static func userInterface(timeScale: Double) -> AnySchedulerOf<DispatchQueue> {
    let main = DispatchQueue.main
    let scale = timeScale.isFinite && (0.01...100).contains(timeScale) ? timeScale : 1
    let origin = DispatchTime.now().uptimeNanoseconds
    let now: () -> SchedulerTimeType = {
      guard scale != 1 else { return main.now }
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- origin) * scale
      return SchedulerTimeType(DispatchTime(uptimeNanoseconds: origin &+ UInt64(elapsed)))
    }
    // The wall-clock instant at which the app's clock reads `date`.
    let wallClock: (SchedulerTimeType) -> SchedulerTimeType = { date in
      guard scale != 1 else { return date }
      // At most a year ahead: a far date slowed down must not overflow the nanoseconds.
      let ahead = min(max(0, Double(now().distance(to: date).magnitude)) / scale, 3.2e16)
      return main.now.advanced(by: .nanoseconds(Int(ahead.rounded())))
    }
    return AnySchedulerOf<DispatchQueue>(
      minimumTolerance: { main.minimumTolerance },
      now: now,
      scheduleImmediately: { _, action in
        if Thread.isMainThread {
          action()
        } else {
          UserInterfaceWork.pending.withLock { $0 += 1 }
          main.schedule {
            action()
            UserInterfaceWork.pending.withLock { $0 -= 1 }
          }
        }
      },
      delayed: { date, tolerance, _, action in
        main.schedule(after: wallClock(date), tolerance: tolerance, action)
      },
      interval: { date, interval, tolerance, _, action in
        let period = min(max(1, Double(interval.magnitude) / scale), 3.2e16)
        return main.schedule(
          after: wallClock(date), interval: .nanoseconds(Int(period.rounded())),
          tolerance: tolerance, action)
      })
  }
}
