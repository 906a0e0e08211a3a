/// A piece of asynchronous work that a view model exposes as one input, with its state.
///
/// At most one execution runs at a time. `execute` while the action is not enabled (its
/// `enabledIf` condition is false, or an execution is running) does no work and yields
/// `.notEnabled`. A failure of the work becomes `.underlying(error)` on `errors` and never
/// ends the action: the next `execute` works as the first did.
public final class Action<Input, Output> {
  /// True while `enabledIf` is true and nothing is executing.
  public let enabled: Driver<Bool>
  /// True while an execution is running.
  public let executing: Driver<Bool>
  /// `enabled`'s values where they change, without the hop to the UI scheduler: for a view
  /// model that folds them into its one state value (which then hops once).
  public let enabledValues: AnyPublisher<Bool, Never>
  /// `executing`'s values where they change, without the hop (see `enabledValues`).
  public let executingValues: AnyPublisher<Bool, Never>
  /// The values produced by every execution.
  public let elements: Signal<Output>
  /// Every refusal (`.notEnabled`) and every failure of the work.
  public let errors: Signal<ActionError>

  private let work: (Input) -> AnyPublisher<Output, any Error>
  private let scheduler: AnySchedulerOf<DispatchQueue>
  /// `enabledIf`'s latest value, read at once by `isEnabled`.
  private let condition: DerivedValue<Bool>
  private let running = BehaviorRelay(value: false)
  private let elementRelay = PublishRelay<Output>()
  private let errorRelay = PublishRelay<ActionError>()
  private var execution: (id: Int, subscription: AnyCancellable?)?
  private var nextExecutionID = 0

  /// An action that runs `work` for each accepted input, while `enabledIf` (true if
  /// omitted) is true. Results and state changes are delivered on `scheduler`.
  public init<Condition: Publisher, Work: Publisher>(
    enabledIf: Condition, scheduler: AnySchedulerOf<DispatchQueue>,
    work: @escaping (Input) -> Work
  ) where Condition.Output == Bool, Condition.Failure == Never, Work.Output == Output {
    self.work = { work($0).mapError { $0 as any Error }.eraseToAnyPublisher() }
    self.scheduler = scheduler
    condition = DerivedValue(enabledIf, initial: false)
    executingValues = running.removeDuplicates().eraseToAnyPublisher()
    executing = executingValues.asDriver(scheduler: scheduler)
    enabledValues = condition.combineLatest(running) { $0 && !$1 }
      .removeDuplicates()
      .eraseToAnyPublisher()
    enabled = enabledValues.asDriver(scheduler: scheduler)
    elements = elementRelay.asSignal(scheduler: scheduler)
    errors = errorRelay.asSignal(scheduler: scheduler)
  }

  /// An action that is enabled whenever it is not executing.
  public convenience init<Work: Publisher>(
    scheduler: AnySchedulerOf<DispatchQueue>, work: @escaping (Input) -> Work
  ) where Work.Output == Output {
    self.init(enabledIf: Just(true), scheduler: scheduler, work: work)
  }

  /// Whether an execution is running now.
  public var isExecuting: Bool { running.value }

  /// Whether `execute` would start work now.
  public var isEnabled: Bool { condition.value && !running.value }

  /// Starts the work for `input`, or refuses with `.notEnabled`.
  ///
  /// The result replays this execution's values and its end to any subscriber, however
  /// late; the work runs whether or not anyone subscribes.
  @discardableResult
  public func execute(_ input: Input) -> AnyPublisher<Output, ActionError> {
    let outcome = Replayed<Output, ActionError>()
    guard isEnabled else {
      errorRelay.accept(.notEnabled)
      outcome.send(completion: .failure(.notEnabled))
      return outcome.eraseToAnyPublisher()
    }
    nextExecutionID += 1
    let id = nextExecutionID
    execution = (id, nil)
    running.accept(true)
    let subscription = work(input)
      .receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          // The action stops executing before anyone hears of the end, so a completion
          // handler may start the next execution at once.
          self?.finish(id)
          if case .failure(let error) = completion {
            self?.errorRelay.accept(.underlying(error))
            outcome.send(completion: .failure(.underlying(error)))
          } else {
            outcome.send(completion: .finished)
          }
        },
        receiveValue: { [weak self] value in
          self?.elementRelay.accept(value)
          outcome.send(value)
        })
    if execution?.id == id { execution?.subscription = subscription }
    return outcome.eraseToAnyPublisher()
  }

  private func finish(_ id: Int) {
    guard execution?.id == id else { return }
    execution = nil
    running.accept(false)
  }
}
