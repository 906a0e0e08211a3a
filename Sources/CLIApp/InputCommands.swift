import ViewModelKit

extension ScreenModel {
  /// A command that is a list of this screen's input values, sent in order: it stops at the
  /// first one refused at once, and its answer is the last one's (later, if it waits for
  /// work). What a command line decodes into, sent as any head sends it.
  public func sending(_ inputs: [Input]) -> CommandOutcome {
    var last = InputResult.accepted.pending
    for input in inputs {
      let answer = send(input).pending
      if let refusal = answer.immediateAnswer, !refusal.isAccepted {
        return CommandOutcome(refusal)
      }
      last = answer
    }
    if let known = last.immediateAnswer { return CommandOutcome(known) }
    return CommandOutcome(later: last)
  }
}
