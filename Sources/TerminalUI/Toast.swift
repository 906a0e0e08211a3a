import ViewModelKit

/// The toast line's message: the latest one, cleared 3 s after it appeared (on the
/// injected scheduler), replaced by a newer one.
public final class Toast {
  public private(set) var message: String?
  /// What kind of news the message is: it is drawn in that meaning's colour.
  public private(set) var severity = ScreenEvent.Severity.info
  /// Whether the message is a link (drawn as one: blue, underlined).
  public private(set) var isLink = false
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private var generation = 0
  private let onChange: () -> Void

  public init(scheduler: AnySchedulerOf<DispatchQueue>, onChange: @escaping () -> Void) {
    self.scheduler = scheduler
    self.onChange = onChange
  }

  /// Shows a screen's event, in its severity's colour.
  public func show(_ event: ScreenEvent) { show(event.message, severity: event.severity) }

  /// Shows `text`; a refusal is a failure of what was asked.
  public func show(_ text: String, severity: ScreenEvent.Severity = .failure) {
    show(text, severity: severity, link: false)
  }

  /// Shows a web address, drawn as a link.
  public func show(link: String) { show(link, severity: .info, link: true) }

  private func show(_ text: String, severity: ScreenEvent.Severity, link: Bool) {
    message = text
    self.severity = severity
    isLink = link
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

  /// Draws ` ! <message>` cut to the width, bold, in its severity's colour (the same ` ! `
  /// for every kind, so that the line reads the same without colour).
  public func draw(_ painter: Painter, row: Int) {
    guard let message else { return }
    guard isLink else {
      painter.fitted(
        " ! " + message, row: row, column: 0, width: painter.width,
        style: Self.style(for: severity))
      return
    }
    painter.text(" ! ", row: row, column: 0, style: .bold)
    painter.fitted(message, row: row, column: 3, width: max(0, painter.width - 3), style: .link)
  }

  /// The toast's style for each kind of news.
  public static func style(for severity: ScreenEvent.Severity) -> TextStyle {
    switch severity {
    case .info: .bold
    case .success: [.bold, .success]
    case .warning: [.bold, .warning]
    case .failure: [.bold, .error]
    }
  }
}
