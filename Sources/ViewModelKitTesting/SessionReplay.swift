import Foundation
import ViewModelKit

/// A recorded session played back: inputs kept as their wire form, and the states they led
/// to, as their wire form too, so two runs compare as text (issue 39, item 1).
public enum SessionReplay {
  /// `inputs` through their wire form and back, as a recording kept in a file would be.
  public static func throughTheWire<Input: Codable>(_ inputs: [Input]) throws -> [Input] {
    let text = try WireFormat.text(inputs)
    return try WireFormat.decoder().decode([Input].self, from: Data(text.utf8))
  }

  /// `value` through its wire form and back (a state a head received, read again).
  public static func throughTheWire<Value: Codable>(_ value: Value) throws -> Value {
    let text = try WireFormat.text(value)
    return try WireFormat.decoder().decode(Value.self, from: Data(text.utf8))
  }

  /// Sends `inputs` to `session` one after another, letting `step` seconds of virtual time
  /// pass after each (so a debounce or a request answers before the next input), and answers
  /// what `log` recorded meanwhile.
  @MainActor
  public static func play<Session: AppSession>(
    _ inputs: [Session.Input], into session: Session, log: WireLog,
    on scheduler: TestSchedulerOf<DispatchQueue>, step: Double = 1
  ) -> [String] {
    scheduler.advance()
    for input in inputs {
      session.send(input)
      scheduler.advance(by: .milliseconds(Int(step * 1000)))
    }
    return log.lines
  }
}

/// The states of several screens as their wire form, one line each (`catalog {…}`), in the
/// order their Drivers delivered them.
@MainActor
public final class WireLog {
  /// Every state so far, named by its screen.
  public private(set) var lines: [String] = []
  private var subscriptions: [AnyCancellable] = []

  public init() {}

  /// Logs each state `driver` delivers, under `name`.
  public func follow<State: Encodable>(_ name: String, _ driver: Driver<State>) {
    subscriptions.append(
      driver.drive { [weak self] state in
        let text = (try? WireFormat.text(state)) ?? "(not encodable)"
        self?.lines.append("\(name) \(text)")
      })
  }
}
