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

  @Test("attempts: at most N, each after the back-off chosen from the attempt number")
  func attemptsBackOff() {
    let requests = Requests(
      scheduler, [.failure(TestError(code: 1)), .failure(TestError(code: 2)), .success("ok")])
    let out = requests.publisher()
      .attempts(upTo: 4, scheduler: scheduler) { attempt, _ in .seconds(attempt) }
      .record(on: scheduler)
    scheduler.advance(seconds: 20)
    // Attempts at 0, 1+1, 3+2; the third answers at 6.
    #expect(requests.starts == [0, 2, 5])
    #expect(out.values == ["ok"] && out.times == [6] && out.completion == .finished)
  }

  @Test("attempts with numbers: attempt n is built from n, from startingAt, each subscribed anew")
  func numberedAttempts() {
    let requests = Requests(
      scheduler, [.failure(TestError(code: 1)), .failure(TestError(code: 2)), .success("ok")])
    var built: [Int] = []
    let out = Publishers.attempts(
      upTo: 4, startingAt: 2, scheduler: scheduler,
      backOff: { attempt, _ in .seconds(attempt) },
      attempt: { number -> AnyPublisher<String, TestError> in
        built.append(number)
        return Just("attempt \(number)").setFailureType(to: TestError.self)
          .append(requests.publisher()).eraseToAnyPublisher()
      }
    )
    .record(on: scheduler)
    scheduler.advance(seconds: 20)
    // Each request answers after 1 s. Attempts 2, 3 and 4: at 0, then 1 + 2, then 4 + 3; the
    // last answers at 8.
    #expect(built == [2, 3, 4] && requests.starts == [0, 3, 7])
    #expect(out.values == ["attempt 2", "attempt 3", "attempt 4", "ok"])
    #expect(out.times == [0, 3, 7, 8] && out.completion == .finished)
  }

  @Test("attempts: after the last one, its failure and its number end the pipeline")
  func attemptsGiveUp() {
    let requests = Requests(scheduler, (1...9).map { .failure(TestError(code: $0)) })
    let out = requests.publisher()
      .attempts(upTo: 4, scheduler: scheduler) { _, _ in .seconds(1) }
      .record(on: scheduler)
    scheduler.advance(seconds: 60)
    #expect(requests.starts == [0, 2, 4, 6])
    #expect(out.completion == .failure(AttemptFailure(attempt: 4, error: TestError(code: 4))))
  }

  @Test("attempts: no back-off (nil) is final at once, with the attempt's number")
  func attemptsRefused() {
    let requests = Requests(
      scheduler, [.failure(TestError(code: 500)), .failure(TestError(code: 404)), .success("x")])
    let out = requests.publisher()
      .attempts(upTo: 4, scheduler: scheduler) { _, error in
        error.code == 404 ? nil : .seconds(1)
      }
      .record(on: scheduler)
    scheduler.advance(seconds: 10)
    #expect(requests.starts == [0, 2])
    #expect(out.completion == .failure(AttemptFailure(attempt: 2, error: TestError(code: 404))))
  }

  @Test("attempts: starting at 3 of 4 leaves two; every attempt's values are passed on")
  func attemptsFromLater() {
    let requests = Requests(scheduler, (1...9).map { .failure(TestError(code: $0)) })
    let out = requests.publisher()
      .catch {
        Just("failed \($0.code)").setFailureType(to: TestError.self).append(Fail(error: $0))
      }
      .attempts(upTo: 4, startingAt: 3, scheduler: scheduler) { _, _ in .seconds(1) }
      .record(on: scheduler)
    scheduler.advance(seconds: 60)
    #expect(requests.starts == [0, 2])
    #expect(out.values == ["failed 1", "failed 2"])
    #expect(out.completion == .failure(AttemptFailure(attempt: 4, error: TestError(code: 2))))
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
          .attempts(upTo: 4, scheduler: scheduler) { attempt, _ in .seconds(attempt) }
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

  @Test("delayedAfterFirst then switchToLatest: the first value at once, later ones after 0.4 s")
  func leadingThenDebounced() {
    let input = PassthroughSubject<String, Never>()
    let out = input.delayedAfterFirst(by: .milliseconds(400), scheduler: scheduler)
      .switchToLatest().record(on: scheduler)
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

  @Test("delayedAfterFirst: a newer value cancels an older one's wait and its work together")
  func waitBelongsToTheWork() {
    let input = PassthroughSubject<String, Never>()
    var started: [String] = []
    // Work that answers 1 s after it starts: an older name's answer must not land during a
    // newer name's wait.
    let out = input.delayedAfterFirst(by: .milliseconds(400), scheduler: scheduler)
      .map { name in
        name.flatMap { name in
          started.append(name)
          return Just(name.uppercased()).delay(for: .seconds(1), scheduler: self.scheduler)
        }
      }
      .switchToLatest().record(on: scheduler)
    input.send("a")
    scheduler.advance(seconds: 0.9)
    input.send("ab")
    scheduler.advance(seconds: 0.3)  // "a" would have answered at 1.0
    input.send("abc")
    scheduler.advance(seconds: 2)
    #expect(started == ["a", "abc"])
    #expect(out.values == ["ABC"] && out.times == [2.6])
  }

  @Test("delayedAfterFirst: each value's publisher sends it once and finishes")
  func eachValueOnce() {
    let input = PassthroughSubject<Int, Never>()
    let inner = input.delayedAfterFirst(by: .seconds(1), scheduler: scheduler)
      .record(on: scheduler)
    input.send(1)
    input.send(2)
    input.send(completion: .finished)
    #expect(inner.values.count == 2 && inner.completion == .finished)
    let first = inner.values[0].record(on: scheduler)
    let second = inner.values[1].record(on: scheduler)
    scheduler.advance(seconds: 2)
    #expect(first.values == [1] && first.completion == .finished)
    #expect(second.values == [2] && second.times == [1])
  }

  @Test("throttleFirst: the first value at once; others within 0.5 s are dropped, not delayed")
  func throttleFirst() {
    let input = PassthroughSubject<Int, Never>()
    let out = input.throttleFirst(for: .milliseconds(500), scheduler: scheduler)
      .record(on: scheduler)
    input.send(1)
    scheduler.advance(seconds: 0.2)
    input.send(2)
    scheduler.advance(seconds: 0.29)
    input.send(3)
    scheduler.advance(seconds: 0.01)
    input.send(4)  // 0.5 s after the first: open again
    scheduler.advance(seconds: 2)
    #expect(out.values == [1, 4] && out.times == [0, 0.5])
  }
}
