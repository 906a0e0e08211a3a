import ViewModelKit

/// The toast line's message: the latest one, cleared 3 s after it appeared (on the
/// injected scheduler), replaced by a newer one.
public final class Toast {
  public private(set) var message: String?
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private var generation = 0
  private let onChange: () -> Void

  public init(scheduler: AnySchedulerOf<DispatchQueue>, onChange: @escaping () -> Void) {
    self.scheduler = scheduler
    self.onChange = onChange
  }

  public func show(_ text: String) {
    message = text
    generation += 1
    let shown = generation
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(3))) { [weak self] in
      guard let self, generation == shown else { return }
      message = nil
      onChange()
    }
    onChange()
  }

  /// Shows an input's refusal, if the answer is one and is known now: a refused input says so
  /// only in its answer (a failure found later arrives as the screen's event).
  public func showRefusal(of answer: some InputAnswer) {
    if let refusal = answer.pending.immediateAnswer?.message { show(refusal) }
  }

  /// Draws ` ! <message>` cut to the width.
  public func draw(_ painter: Painter, row: Int) {
    guard let message else { return }
    painter.fitted(" ! " + message, row: row, column: 0, width: painter.width, style: .bold)
  }
}
