extension Action where Input: Sendable, Output: Sendable {
  /// An action whose work is an `async` function: each accepted input runs it in a task
  /// (`AsyncFuture`), and the action's end, `errors` and cancellation are as for a publisher.
  ///
  /// ```swift
  /// let save = Action(enabledIf: formIsValid, scheduler: ui) { (draft: Draft) in
  ///   try await store.save(draft)
  /// }
  /// ```
  public convenience init<Condition: Publisher>(
    enabledIf: Condition, scheduler: AnySchedulerOf<DispatchQueue>,
    work: @escaping @Sendable (Input) async throws -> Output
  ) where Condition.Output == Bool, Condition.Failure == Never {
    self.init(enabledIf: enabledIf, scheduler: scheduler) { (input: Input) in
      AsyncFuture { () async throws -> Output in try await work(input) }
    }
  }

  /// An `async` action that is enabled whenever it is not executing.
  public convenience init(
    scheduler: AnySchedulerOf<DispatchQueue>,
    work: @escaping @Sendable (Input) async throws -> Output
  ) {
    self.init(enabledIf: Just(true), scheduler: scheduler, work: work)
  }
}
