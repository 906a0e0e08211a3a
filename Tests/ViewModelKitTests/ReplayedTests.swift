import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("Replayed and InputResult")
struct ReplayedTests {
  let scheduler = DispatchQueue.test

  @Test func replaysEverythingToALateSubscriber() {
    let replayed = Replayed<Int, Never>()
    let early = replayed.record(on: scheduler)
    replayed.send(1)
    replayed.send(2)
    replayed.send(completion: .finished)
    let late = replayed.record(on: scheduler)
    #expect(early.values == [1, 2] && early.isFinished)
    #expect(late.values == [1, 2] && late.isFinished)
  }

  @Test func ignoresValuesAfterTheEnd() {
    let replayed = Replayed<Int, TestError>()
    replayed.send(completion: .failure(TestError()))
    replayed.send(1)
    replayed.send(completion: .finished)
    let recorder = replayed.record(on: scheduler)
    #expect(recorder.values.isEmpty)
    #expect(recorder.failure == TestError())
  }

  @Test func answeredGivesExactlyOneResult() {
    let recorder = Replayed.answered(.rejected("No")).record(on: scheduler)
    #expect(recorder.values == [.rejected("No")])
    #expect(recorder.isFinished)
  }

  @Test func inputResultExposesItsMessage() {
    #expect(InputResult.accepted.message == nil)
    #expect(InputResult.rejected("Too long").message == "Too long")
    #expect(InputResult.accepted.isAccepted)
    #expect(!InputResult.rejected("x").isAccepted)
  }
}
