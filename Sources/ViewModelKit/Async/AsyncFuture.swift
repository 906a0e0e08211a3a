/// A publisher of one `async` function's result, in Combine's style (Combine's `Future` for
/// async work): each subscription runs `work` in a new `Task` once it asks for a value, sends
/// the value and then the end, or the function's error. Cancelling the subscription cancels
/// the task, so `flatMapLatest` over async work cancels the stale request, and a `timeout`
/// cancels the work it gave up on.
///
/// The task starts at once, in the subscriber's context (`Task.immediate`), and runs there
/// until it first suspends: work that never suspends (a fake, an answer at hand) answers
/// synchronously, as `Just` would, so virtual-time tests stay exact. After a suspension the
/// value arrives on the task's executor, as a network service's publisher answers on its own
/// thread: a view model hops with `receive(on:)` as it does for any service.
///
/// ```swift
/// let search = queries.flatMapLatest { text in
///   AsyncFuture { () async throws(WeatherError) -> Weather in try await service.weather(text) }
/// }
/// ```
public struct AsyncFuture<Output: Sendable, Failure: Error>: Publisher {
  private let work: @Sendable () async throws(Failure) -> Output

  /// A publisher running `work` anew for each subscriber.
  public init(_ work: @escaping @Sendable () async throws(Failure) -> Output) {
    self.work = work
  }

  public func receive<S: Subscriber>(subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    subscriber.receive(
      subscription: AsyncFutureSubscription(work: work, subscriber: AnySubscriber(subscriber)))
  }
}

extension AsyncFuture where Failure == Never {
  /// A publisher of a function that cannot fail.
  public init(_ work: @escaping @Sendable () async -> Output) {
    self.work = { () async throws(Never) -> Output in await work() }
  }
}

/// One subscriber's run of an `AsyncFuture`: the task, started at the first demand, and the
/// subscriber until the end or a cancel.
///
/// The subscriber is held type-erased: the task may only capture types whose metatypes are
/// `Sendable`, which `Output` and `Failure` are and a subscriber's own type need not be.
final class AsyncFutureSubscription<Output: Sendable, Failure: Error>: Subscription,
  @unchecked Sendable
{
  typealias S = AnySubscriber<Output, Failure>
  // @unchecked: the subscriber and the task live in `Locked` and are only touched under its
  // lock; the subscriber is called outside it, once, by whichever of the task's end and a
  // cancel takes it out first.
  private struct State {
    var subscriber: S?
    var task: Task<Void, Never>?
    var started = false
  }
  private let state: Locked<State>
  private let work: @Sendable () async throws(Failure) -> Output

  init(work: @escaping @Sendable () async throws(Failure) -> Output, subscriber: S) {
    self.work = work
    state = Locked(State(subscriber: subscriber))
  }

  func request(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }
    let start = state.withLock { state -> Bool in
      guard !state.started, state.subscriber != nil else { return false }
      state.started = true
      return true
    }
    guard start else { return }
    // Immediate: the work runs here until it first suspends, so work that never does (a fake,
    // an answer at hand) answers at once, as `Just` would, and virtual-time tests stay exact.
    let task = Task.immediate { [self] in await run() }
    let cancelled = state.withLock { state -> Bool in
      state.task = task
      return state.subscriber == nil
    }
    // A cancel that came before the task was kept: it is cancelled now (or had finished).
    if cancelled { task.cancel() }
  }

  /// Runs the work and hands its result on.
  private func run() async {
    let result: Result<Output, Failure>
    do throws(Failure) {
      result = .success(try await work())
    } catch {
      result = .failure(error)
    }
    finish(with: result)
  }

  func cancel() {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.subscriber = nil
      return state.task
    }
    task?.cancel()
  }

  private func finish(with result: Result<Output, Failure>) {
    guard
      let subscriber = state.withLock({ state -> S? in
        defer { state.subscriber = nil }
        return state.subscriber
      })
    else { return }
    switch result {
    case .success(let value):
      _ = subscriber.receive(value)
      subscriber.receive(completion: .finished)
    case .failure(let error):
      subscriber.receive(completion: .failure(error))
    }
  }
}
