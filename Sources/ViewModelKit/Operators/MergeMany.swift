#if !canImport(Combine)
  // Combine's merge family, which OpenCombine 0.14 lacks. Merge, Merge3 and Merge4 are
  // MergeMany over their upstreams, erased to one type.

  extension Publishers {
    /// Interleaves the values of many publishers of one type, in arrival order.
    ///
    /// It finishes when every upstream has finished, and fails as soon as one fails.
    public struct MergeMany<Upstream: Publisher>: Publisher {
      public typealias Output = Upstream.Output
      public typealias Failure = Upstream.Failure
      public let publishers: [Upstream]

      public init(_ upstream: Upstream...) { publishers = upstream }

      public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
        publishers = Array(upstream)
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        MergeCore(upstreams: publishers, subscriber: subscriber).start()
      }

      /// This merge with one more publisher.
      public func merge(with other: Upstream) -> MergeMany<Upstream> {
        MergeMany(publishers + [other])
      }
    }

    /// Interleaves the values of two publishers.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
      public typealias Output = A.Output
      public typealias Failure = A.Failure
      public let a: A
      public let b: B

      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        MergeMany(a.eraseToAnyPublisher(), b.eraseToAnyPublisher()).subscribe(subscriber)
      }
    }

    /// Interleaves the values of three publishers.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, B.Output == C.Output, A.Failure == B.Failure, B.Failure == C.Failure
    {
      public typealias Output = A.Output
      public typealias Failure = A.Failure
      public let a: A
      public let b: B
      public let c: C

      public init(_ a: A, _ b: B, _ c: C) {
        self.a = a
        self.b = b
        self.c = c
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        MergeMany(a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher())
          .subscribe(subscriber)
      }
    }

    /// Interleaves the values of four publishers.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
      A.Output == B.Output, B.Output == C.Output, C.Output == D.Output,
      A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure
    {
      public typealias Output = A.Output
      public typealias Failure = A.Failure
      public let a: A
      public let b: B
      public let c: C
      public let d: D

      public init(_ a: A, _ b: B, _ c: C, _ d: D) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        MergeMany(
          a.eraseToAnyPublisher(), b.eraseToAnyPublisher(), c.eraseToAnyPublisher(),
          d.eraseToAnyPublisher()
        ).subscribe(subscriber)
      }
    }
  }

  extension Publisher {
    /// Interleaves this publisher's values with `other`'s.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
      Publishers.Merge(self, other)
    }

    /// Interleaves this publisher's values with two others'.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C)
      -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
      Publishers.Merge3(self, b, c)
    }

    /// Interleaves this publisher's values with three others'.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
      with b: B, _ c: C, _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where
      B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure,
      D.Output == Output, D.Failure == Failure
    {
      Publishers.Merge4(self, b, c, d)
    }
  }

  /// The state machine behind every merge variant.
  private final class MergeCore<Upstream: Publisher> {
    private let upstreams: [Upstream]
    private let ends: Locked<UpstreamEnds>
    private let links = UpstreamLinks<Upstream.Output, Upstream.Failure>()
    private var downstream: BufferedSubscription<Upstream.Output, Upstream.Failure>!

    init<S: Subscriber>(upstreams: [Upstream], subscriber: S)
    where S.Input == Upstream.Output, S.Failure == Upstream.Failure {
      self.upstreams = upstreams
      ends = Locked(UpstreamEnds(upstreams: upstreams.count))
      downstream = BufferedSubscription(subscriber) { [weak self] in self?.links.cancelAll() }
      subscriber.receive(subscription: downstream)
    }

    func start() {
      guard !upstreams.isEmpty else {
        downstream.complete(.finished)
        return
      }
      let links = upstreams.map { _ in
        UpstreamLink<Upstream.Output, Upstream.Failure>(
          onValue: { [self] value in downstream.push(value) },
          onCompletion: { [self] completion in receive(completion) })
      }
      self.links.hold(links)
      for (upstream, link) in zip(upstreams, links) {
        guard downstream.isActive else { break }
        upstream.subscribe(link)
      }
    }

    private func receive(_ completion: Subscribers.Completion<Upstream.Failure>) {
      guard ends.withLock({ $0.record(completion) }) else { return }
      links.cancelAll()
      downstream.complete(completion)
    }
  }
#endif

extension Collection where Element: Publisher {
  /// Interleaves the values of all these publishers, in arrival order.
  public func merge() -> Publishers.MergeMany<Element> {
    Publishers.MergeMany(self)
  }
}
