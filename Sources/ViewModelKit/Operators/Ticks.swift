extension Scheduler {
  /// A value every `interval` on this scheduler, the first one `interval` after the
  /// subscription; the timer stops when the subscription is cancelled. (Combine's
  /// `Timer.publish` runs on a run loop's clock; this one runs on the scheduler's, so a test
  /// scheduler drives it in virtual time.)
  public func ticks(every interval: SchedulerTimeType.Stride) -> AnyPublisher<Void, Never> {
    Deferred { () -> AnyPublisher<Void, Never> in
      let subject = PassthroughSubject<Void, Never>()
      let timer = self.schedule(after: self.now.advanced(by: interval), interval: interval) {
        subject.send(())
      }
      return subject.handleEvents(receiveCancel: { timer.cancel() }).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }
}
