import ViewModelKit

/// Advances the title line's spinner every 100 ms while something is loading, on the
/// injected scheduler, and asks for a redraw on each step.
public final class SpinnerClock {
  /// The current frame, for `TitleLine.draw(spinnerTick:)`.
  public private(set) var tick = 0
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let onTick: () -> Void
  private var timer: (any Cancellable)?

  public init(scheduler: AnySchedulerOf<DispatchQueue>, onTick: @escaping () -> Void) {
    self.scheduler = scheduler
    self.onTick = onTick
  }

  deinit { timer?.cancel() }

  /// Starts or stops the steps.
  public func run(_ running: Bool) {
    if running, timer == nil {
      timer = scheduler.schedule(
        after: scheduler.now.advanced(by: .milliseconds(100)), interval: .milliseconds(100)
      ) { [weak self] in
        self?.tick += 1
        self?.onTick()
      }
    } else if !running, let timer {
      timer.cancel()
      self.timer = nil
    }
  }
}
