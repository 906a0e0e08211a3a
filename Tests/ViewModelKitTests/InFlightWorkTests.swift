import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("InFlightWork: subscriptions kept only while their work runs")
struct InFlightWorkTests {
  @Test("a finished subscription is dropped; one per input does not pile up")
  func dropsFinished() {
    let scheduler = DispatchQueue.test
    let work = InFlightWork()
    var values: [Int] = []
    var completions = 0
    for n in 0..<100 {
      work.sink(
        Just(n).delay(for: .seconds(1), scheduler: scheduler),
        receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
    }
    #expect(work.count == 100)
    scheduler.advance(by: .seconds(1))
    #expect(values == Array(0..<100) && completions == 100)
    #expect(work.count == 0)
  }

  @Test("work that finishes while it is subscribed is never kept")
  func synchronousFinish() {
    let work = InFlightWork()
    var received: [String] = []
    work.sink(Just("now"), receiveValue: { received.append($0) })
    #expect(received == ["now"] && work.count == 0)
  }

  @Test("a failure drops the subscription too, after reporting it")
  func failure() {
    let work = InFlightWork()
    let subject = PassthroughSubject<Int, URLError>()
    var failed = false
    work.sink(subject, receiveCompletion: { if case .failure = $0 { failed = true } })
    #expect(work.count == 1)
    subject.send(completion: .failure(URLError(.timedOut)))
    #expect(failed && work.count == 0)
  }

  @Test("cancelAll, or letting the holder go, cancels what still runs")
  func cancellation() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    var cancelled = 0
    var work: InFlightWork? = InFlightWork()
    work?.sink(first.handleEvents(receiveCancel: { cancelled += 1 }))
    work?.cancelAll()
    #expect(cancelled == 1 && work?.count == 0)
    work?.sink(second.handleEvents(receiveCancel: { cancelled += 1 }))
    work = nil
    #expect(cancelled == 2)
  }

  @Test("answer: accepted at the first value, the failure's answer on a failure, kept until then")
  func answerOfAnExecution() {
    let scheduler = DispatchQueue.test
    let work = InFlightWork()
    let values = PassthroughSubject<Int, ActionError>()
    let answer = work.answer(values.eraseToAnyPublisher()) { _ in .rejected("failed") }
      .record(on: scheduler)
    #expect(answer.values.isEmpty && work.count == 1)
    values.send(1)
    values.send(2)
    #expect(answer.values == [.accepted] && answer.isFinished)
    values.send(completion: .finished)
    #expect(work.count == 0)

    let failing = PassthroughSubject<Int, ActionError>()
    let refused = work.answer(failing.eraseToAnyPublisher()) { _ in .rejected("failed") }
    failing.send(completion: .failure(.notEnabled))
    #expect(refused.immediateAnswer == .rejected("failed") && work.count == 0)

    let silent = Empty<Int, ActionError>().eraseToAnyPublisher()
    #expect(work.answer(silent) { _ in .rejected("failed") }.immediateAnswer == .accepted)
  }
}
