#if !canImport(Combine)
  // Combine's fixed-arity combineLatest, which OpenCombine 0.14 lacks. Each one runs on
  // CombineLatestCollection: the upstreams are erased to a common element type and the
  // tuple is rebuilt from the array, whose element types are known by construction.

  extension Publishers {
    /// The latest values of two publishers, once both have emitted.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
      public typealias Output = (A.Output, B.Output)
      public typealias Failure = A.Failure
      public let a: A
      public let b: B

      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        [a.erasedToAny(), b.erasedToAny()].combineLatest()
          .map { ($0[0] as! A.Output, $0[1] as! B.Output) }
          .subscribe(subscriber)
      }
    }

    /// The latest values of three publishers, once all have emitted.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
      public typealias Output = (A.Output, B.Output, C.Output)
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
        [a.erasedToAny(), b.erasedToAny(), c.erasedToAny()].combineLatest()
          .map { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) }
          .subscribe(subscriber)
      }
    }

    /// The latest values of four publishers, once all have emitted.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
      public typealias Output = (A.Output, B.Output, C.Output, D.Output)
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
        [a.erasedToAny(), b.erasedToAny(), c.erasedToAny(), d.erasedToAny()].combineLatest()
          .map { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output) }
          .subscribe(subscriber)
      }
    }
  }

  extension Publisher {
    /// The latest values of this publisher and `other`, once both have emitted.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
      Publishers.CombineLatest(self, other)
    }

    /// `combineLatest(_:)` followed by `transform`.
    public func combineLatest<P: Publisher, T>(
      _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
      Publishers.CombineLatest(self, other).map(transform)
    }

    /// The latest values of this publisher and two others, once all have emitted.
    public func combineLatest<P: Publisher, Q: Publisher>(
      _ p: P, _ q: Q
    ) -> Publishers.CombineLatest3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure {
      Publishers.CombineLatest3(self, p, q)
    }

    /// The three-way `combineLatest` followed by `transform`.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
      _ p: P, _ q: Q, _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where P.Failure == Failure, Q.Failure == Failure {
      Publishers.CombineLatest3(self, p, q).map(transform)
    }

    /// The latest values of this publisher and three others, once all have emitted.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
      _ p: P, _ q: Q, _ r: R
    ) -> Publishers.CombineLatest4<Self, P, Q, R>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
      Publishers.CombineLatest4(self, p, q, r)
    }

    /// The four-way `combineLatest` followed by `transform`.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
      _ p: P, _ q: Q, _ r: R, _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
      Publishers.CombineLatest4(self, p, q, r).map(transform)
    }
  }

  extension Publisher {
    /// This publisher with its values erased to `Any`, for the arity adapters above.
    fileprivate func erasedToAny() -> AnyPublisher<Any, Failure> {
      map { $0 as Any }.eraseToAnyPublisher()
    }
  }
#endif
