import Testing
import ViewModelKit
import ViewModelKitTesting

/// Virtual-time semantics of the effect operators (issue 10, item 2).
@Suite("Effect operators")
struct EffectOperatorTests {
  let scheduler = DispatchQueue.test

  /// A cold request that answers `answers[n]` one second after its n-th subscription,
  /// recording when each attempt started and whether it was cancelled.
  final class Requests {
    var starts: [Double] = []
    var cancels: [Double] = []
    var answers: [Result<String, TestError>]
    let scheduler: TestSchedulerOf<DispatchQueue>
    init(_ scheduler: TestSchedulerOf<DispatchQueue>, _ answers: [Result<String, TestError>]) {
      self.scheduler = scheduler
      self.answers = answers
    }
    func publisher(latency: Double = 1) -> AnyPublisher<String, TestError> {
      Deferred { [self] () -> AnyPublisher<String, TestError> in
        let answer = answers.isEmpty ? .failure(TestError(code: 0)) : answers.removeFirst()
        starts.append(scheduler.elapsed)
        return answer.publisher
          .delay(for: .milliseconds(Int(latency * 1000)), scheduler: scheduler)
          .handleEvents(receiveCancel: { [self] in cancels.append(scheduler.elapsed) })
          .eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
    }
  }

  @Test("flatMapLatest: a new value cancels the previous inner publisher")
  func latestWins() {
    let input = PassthroughSubject<Int, TestError>()
    let requests = Requests(scheduler, [.success("a"), .success("b")])
    let out = input.flatMapLatest { _ in requests.publisher() }.record(on: scheduler)
    input.send(1)
    scheduler.advance(seconds: 0.5)
    input.send(2)
    scheduler.advance(seconds: 2)
    #expect(out.values == ["b"] && out.times == [1.5])
    #expect(requests.starts == [0, 0.5] && requests.cancels == [0.5])
  }

  @Test("retry: at most N attempts, each after the back-off chosen from the attempt number")
  func retryBackOff() {
    let requests = Requests(
      scheduler, [.failure(TestError(code: 1)), .failure(TestError(code: 2)), .success("ok")])
    let out = requests.publisher()
      .retry(4, delay: { attempt, _ in .seconds(attempt) }, scheduler: scheduler)
      .record(on: scheduler)
    scheduler.advance(seconds: 20)
    // Attempts at 0, 1+1, 3+2; the third answers at 6.
    #expect(requests.starts == [0, 2, 5])
    #expect(out.values == ["ok"] && out.times == [6])
  }

  @Test("retry: after the last attempt the last failure ends the pipeline")
  func retryGivesUp() {
    let requests = Requests(scheduler, (1...9).map { .failure(TestError(code: $0)) })
    let out = requests.publisher()
      .retry(4, delay: { _, _ in .seconds(1) }, scheduler: scheduler)
      .record(on: scheduler)
    scheduler.advance(seconds: 60)
    #expect(requests.starts == [0, 2, 4, 6])
    #expect(out.completion == .failure(TestError(code: 4)))
  }

  @Test("retry: a failure the predicate refuses is final at once")
  func retryPredicate() {
    let requests = Requests(scheduler, [.failure(TestError(code: 404)), .success("never")])
    let out = requests.publisher()
      .retry(4, delay: { _, _ in .seconds(1) }, scheduler: scheduler, if: { $0.code != 404 })
      .record(on: scheduler)
    scheduler.advance(seconds: 10)
    #expect(requests.starts == [0])
    #expect(out.completion == .failure(TestError(code: 404)))
  }

  @Test("timeout: silence past the limit becomes the typed failure and cancels the request")
  func timeoutSilence() {
    let requests = Requests(scheduler, [.success("late")])
    let out = requests.publisher(latency: 30)
      .timeout(.seconds(10), scheduler: scheduler, customError: { TestError(code: 408) })
      .record(on: scheduler)
    scheduler.advance(seconds: 40)
    #expect(out.values.isEmpty && out.completion == .failure(TestError(code: 408)))
    #expect(requests.cancels == [10])
  }

  @Test("the newest query wins, 4 attempts with 1/2/3 s back-off, 10 s each: one pipeline")
  func wholePolicy() {
    let queries = PassthroughSubject<String, Never>()
    let requests = Requests(scheduler, [.failure(TestError(code: 500)), .success("Paris")])
    let out =
      queries
      .flatMapLatest { _ in
        requests.publisher(latency: 12)
          .timeout(.seconds(10), scheduler: scheduler, customError: { TestError(code: 408) })
          .retry(4, delay: { attempt, _ in .seconds(attempt) }, scheduler: scheduler)
          .map(Optional.some)
          .catch { _ in Just(nil) }
      }
      .record(on: scheduler)
    queries.send("paris")
    scheduler.advance(seconds: 60)
    // Attempt 1 times out at 10, attempt 2 starts at 11 and times out at 21, attempts 3 and
    // 4 at 23 and 36; every answer takes 12 s, so all four time out and the result is nil.
    #expect(requests.starts == [0, 11, 23, 36])
    #expect(out.values == [nil] && out.times == [46])
  }

  @Test("debounceAfterFirst: the first value at once, later ones after a quiet 0.4 s")
  func leadingThenDebounced() {
    let input = PassthroughSubject<String, Never>()
    let out = input.debounceAfterFirst(for: .milliseconds(400), scheduler: scheduler)
      .record(on: scheduler)
    input.send("a")
    scheduler.advance(seconds: 1)
    input.send("an")
    scheduler.advance(seconds: 0.2)
    input.send("ana")
    scheduler.advance(seconds: 0.1)
    input.send("ana_")
    scheduler.advance(seconds: 1)
    // AC-02's example: changes at 1.0, 1.2 and 1.3 are evaluated once, at 1.7.
    #expect(out.values == ["a", "ana_"])
    #expect(out.times == [0, 1.7])
  }

  @Test("debounceAfterFirst: a value pending when the input finishes is still delivered")
  func debouncedFinish() {
    let input = PassthroughSubject<Int, Never>()
    let out = input.debounceAfterFirst(for: .seconds(1), scheduler: scheduler)
      .record(on: scheduler)
    input.send(1)
    input.send(2)
    input.send(completion: .finished)
    scheduler.advance(seconds: 2)
    #expect(out.values == [1, 2] && out.times == [0, 1])
    #expect(out.completion == .finished)
  }

  @Test("asDriver(onErrorDriveWith:) continues with the fallback Driver's values")
  func driveWith() {
    let subject = PassthroughSubject<Int, TestError>()
    let fallback = Driver.just(-1, scheduler: scheduler.asAny)
    let out = subject.asDriver(onErrorDriveWith: fallback, scheduler: scheduler.asAny)
      .record(on: scheduler)
    subject.send(1)
    subject.send(completion: .failure(TestError(code: 1)))
    scheduler.settle()
    #expect(out.values == [1, -1])
  }
}
