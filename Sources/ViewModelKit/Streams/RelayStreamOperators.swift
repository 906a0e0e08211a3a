// The one-source stages of the push core. Each wraps the observer it is given in one that
// transforms values on their way, so a chain of stages is a chain of closure calls.

extension RelayStreamConvertible {
  /// Each value transformed by `transform`.
  @inlinable public func map<T>(_ transform: @escaping (Output) -> T) -> RelayStream<T> {
    let attach = stream.attach
    return RelayStream { observer in
      attach(StreamObserver(receive: { observer.receive(transform($0)) }, finish: observer.finish))
    }
  }

  /// The values that satisfy `isIncluded`.
  @inlinable public func filter(_ isIncluded: @escaping (Output) -> Bool) -> RelayStream<Output> {
    let attach = stream.attach
    return RelayStream { observer in
      attach(
        StreamObserver(
          receive: { if isIncluded($0) { observer.receive($0) } }, finish: observer.finish))
    }
  }

  /// The non-nil results of `transform`.
  @inlinable public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> RelayStream<T> {
    let attach = stream.attach
    return RelayStream { observer in
      attach(
        StreamObserver(
          receive: { if let value = transform($0) { observer.receive(value) } },
          finish: observer.finish))
    }
  }

  /// The values that `isDuplicate` does not call equal to the value before them.
  @inlinable public func removeDuplicates(
    by isDuplicate: @escaping (Output, Output) -> Bool
  ) -> RelayStream<Output> {
    let attach = stream.attach
    return RelayStream { observer in
      // Deliveries to one observer never overlap, so the previous value needs no lock.
      let previous = PreviousValue<Output>()
      return attach(
        StreamObserver(
          receive: { value in
            if let last = previous.value, isDuplicate(last, value) { return }
            previous.value = value
            observer.receive(value)
          }, finish: observer.finish))
    }
  }

  /// The values that differ from the value before them.
  @inlinable public func removeDuplicates() -> RelayStream<Output> where Output: Equatable {
    removeDuplicates(by: ==)
  }

  /// Every value and the finish, delivered through `scheduler`.
  @inlinable public func receive(on scheduler: AnySchedulerOf<DispatchQueue>) -> RelayStream<Output>
  {
    let attach = stream.attach
    let hop = SchedulerHop(scheduler)
    return RelayStream { observer in
      // Work already handed to the scheduler is dropped once the observer detaches.
      let target = ObserverBox(observer)
      let detach = attach(
        StreamObserver(
          receive: { value in hop.scheduler.schedule { target.deliver(value) } },
          finish: { hop.scheduler.schedule { target.deliverFinish() } }))
      return {
        _ = target.detach()
        detach()
      }
    }
  }

  /// Calls `receiveValue` with each value; cancel the result to stop.
  @inlinable public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    AnyCancellable(stream.attach(StreamObserver(receive: receiveValue, finish: {})))
  }

  /// Calls `receiveValue` with each value and `receiveCompletion` at the finish; cancel the
  /// result to stop.
  @inlinable public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    AnyCancellable(
      stream.attach(
        StreamObserver(receive: receiveValue, finish: { receiveCompletion(.finished) })))
  }
}

/// The last value a `removeDuplicates` stage let through, for one observer.
@usableFromInline
final class PreviousValue<Value> {
  @usableFromInline var value: Value?
  @inlinable init() {}
}

/// A scheduler held by reference, so that closures capture one pointer.
@usableFromInline
final class SchedulerHop {
  @usableFromInline let scheduler: AnySchedulerOf<DispatchQueue>
  @inlinable init(_ scheduler: AnySchedulerOf<DispatchQueue>) { self.scheduler = scheduler }
}

extension RelayStreamConvertible {
  /// This stream as state, delivered on `scheduler`.
  @inlinable public func asDriver(scheduler: AnySchedulerOf<DispatchQueue>) -> Driver<Output> {
    Driver(stream, deliveringOn: scheduler)
  }

  /// This stream as events, delivered on `scheduler`.
  @inlinable public func asSignal(scheduler: AnySchedulerOf<DispatchQueue>) -> Signal<Output> {
    Signal(stream, deliveringOn: scheduler)
  }
}
