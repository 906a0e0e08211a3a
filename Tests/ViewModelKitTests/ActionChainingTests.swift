import Testing
import ViewModelKit
import ViewModelKitTesting

/// An execution's end is heard only after the action has stopped executing, so the handler
/// of one execution's end can start the next (issue 10, item 4).
@Suite("Action: chained executions")
struct ActionChainingTests {
  let scheduler = DispatchQueue.test

  @Test("with asynchronous work, each completion handler starts the next execution")
  func asynchronous() {
    let action = Action(scheduler: scheduler.asAny) { (input: Int) in
      Just(input).delay(for: .seconds(1), scheduler: scheduler)
    }
    var results: [String] = []
    var keep: [AnyCancellable] = []
    func run(_ input: Int) {
      action.execute(input).sink(
        receiveCompletion: { completion in
          if case .failure(let error) = completion { results.append("\(input): \(error)") }
          if input < 3 { run(input + 1) }
        },
        receiveValue: { _ in results.append("\(input) done at \(scheduler.elapsed)") }
      ).store(in: &keep)
    }
    run(1)
    scheduler.advance(seconds: 5)
    #expect(results == ["1 done at 1.0", "2 done at 2.0", "3 done at 3.0"])
    #expect(!action.isExecuting)
  }

  @Test("with synchronous work, the same chain runs at once")
  func synchronous() {
    let action = Action(scheduler: .immediate) { (input: Int) in Just(input * 10) }
    var values: [Int] = []
    var refusals = 0
    var keep: [AnyCancellable] = []
    func run(_ input: Int) {
      action.execute(input).sink(
        receiveCompletion: { completion in
          if case .failure = completion { refusals += 1 }
          if input < 3 { run(input + 1) }
        },
        receiveValue: { values.append($0) }
      ).store(in: &keep)
    }
    run(1)
    #expect(values == [10, 20, 30] && refusals == 0)
  }
}
