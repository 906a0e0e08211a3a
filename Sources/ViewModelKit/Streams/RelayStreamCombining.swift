// The many-source stages of the push core: combineLatest, withLatestFrom and merge.

extension RelayStreamConvertible {
  /// The latest values of this stream and `other`, combined by `transform` whenever either
  /// emits, once both have. It finishes when both have finished.
  @inlinable public func combineLatest<Other: RelayStreamConvertible, T>(
    _ other: Other, _ transform: @escaping (Output, Other.Output) -> T
  ) -> RelayStream<T> {
    let first = stream.attach
    let second = other.stream.attach
    return RelayStream { observer in
      let junction = Junction<(Output, Other.Output), (Output?, Other.Output?)>(
        observer: StreamObserver(
          receive: { observer.receive(transform($0.0, $0.1)) }, finish: observer.finish),
        memory: (nil, nil), sources: 2)
      let detachFirst = first(
        StreamObserver(
          receive: { value in
            junction.offer { memory in
              memory.0 = value
              return memory.1.map { (value, $0) }
            }
          }, finish: junction.finishOne))
      let detachSecond = second(
        StreamObserver(
          receive: { value in
            junction.offer { memory in
              memory.1 = value
              return memory.0.map { ($0, value) }
            }
          }, finish: junction.finishOne))
      return {
        junction.detach()
        detachFirst()
        detachSecond()
      }
    }
  }

  /// The latest values of this stream and `other`, as pairs, once both have emitted.
  @inlinable public func combineLatest<Other: RelayStreamConvertible>(
    _ other: Other
  ) -> RelayStream<(Output, Other.Output)> {
    combineLatest(other) { ($0, $1) }
  }

  /// The latest values of this stream and two others, combined by `transform`.
  @inlinable public func combineLatest<P: RelayStreamConvertible, Q: RelayStreamConvertible, T>(
    _ p: P, _ q: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> RelayStream<T> {
    combineLatest(p).combineLatest(q) { transform($0.0, $0.1, $1) }
  }

  /// The latest values of this stream and two others, as triples.
  @inlinable public func combineLatest<P: RelayStreamConvertible, Q: RelayStreamConvertible>(
    _ p: P, _ q: Q
  ) -> RelayStream<(Output, P.Output, Q.Output)> {
    combineLatest(p, q) { ($0, $1, $2) }
  }

  /// The latest values of this stream and three others, combined by `transform`.
  @inlinable
  public func combineLatest<
    P: RelayStreamConvertible, Q: RelayStreamConvertible, R: RelayStreamConvertible, T
  >(
    _ p: P, _ q: Q, _ r: R, _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> RelayStream<T> {
    combineLatest(p).combineLatest(q.combineLatest(r)) { transform($0.0, $0.1, $1.0, $1.1) }
  }

  /// The latest values of this stream and three others, as quadruples.
  @inlinable
  public func combineLatest<
    P: RelayStreamConvertible, Q: RelayStreamConvertible, R: RelayStreamConvertible
  >(_ p: P, _ q: Q, _ r: R) -> RelayStream<(Output, P.Output, Q.Output, R.Output)> {
    combineLatest(p, q, r) { ($0, $1, $2, $3) }
  }

  /// Each value of this stream paired, by `resultSelector`, with the latest value of
  /// `other`; values before `other` has emitted are dropped. It finishes with this stream.
  @inlinable public func withLatestFrom<Other: RelayStreamConvertible, Result>(
    _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> RelayStream<Result> {
    let trigger = stream.attach
    let data = other.stream.attach
    return RelayStream { observer in
      let latest = Locked<Other.Output?>(nil)
      let detachData = data(
        StreamObserver(receive: { value in latest.withLock { $0 = value } }, finish: {}))
      let detachTrigger = trigger(
        StreamObserver(
          receive: { value in
            if let other = latest.withLock({ $0 }) {
              observer.receive(resultSelector(value, other))
            }
          },
          finish: {
            detachData()
            observer.finish()
          }))
      return {
        detachTrigger()
        detachData()
      }
    }
  }

  /// The latest value of `other` at each value of this stream.
  @inlinable public func withLatestFrom<Other: RelayStreamConvertible>(
    _ other: Other
  ) -> RelayStream<Other.Output> {
    withLatestFrom(other) { _, latest in latest }
  }

  /// The values of this stream and `other`, interleaved in arrival order.
  @inlinable public func merge<Other: RelayStreamConvertible>(
    with other: Other
  ) -> RelayStream<Output> where Other.Output == Output {
    [stream, other.stream].merge()
  }
}

extension Collection where Element: RelayStreamConvertible {
  /// The values of all these streams, interleaved in arrival order; it finishes when all
  /// have finished (at once if there are none).
  @inlinable public func merge() -> RelayStream<Element.Output> {
    let sources = map { $0.stream.attach }
    return RelayStream { observer in
      guard !sources.isEmpty else {
        observer.finish()
        return {}
      }
      let junction = Junction<Element.Output, Void>(
        observer: observer, memory: (), sources: sources.count)
      let detaches = sources.map { attach in
        attach(
          StreamObserver(
            receive: { value in junction.offer { _ in value } }, finish: junction.finishOne))
      }
      return {
        junction.detach()
        detaches.forEach { $0() }
      }
    }
  }
}
