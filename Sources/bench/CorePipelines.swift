import ViewModelKit

// The pipelines of `bench core`, each with its plain-closure twin doing the same arithmetic.
// Every pipeline runs on the immediate scheduler, so only the operators are measured. The
// sources are relays, as a view model's inputs are (RxSwift's side used its subjects).

private let immediate = DispatchQueue.immediate.eraseToAnyScheduler()

/// P1: map → filter → sink.
func corePipelineP1(events: Int) -> (Measurement, Measurement) {
  let input = PublishRelay<Int>()
  var sum = 0
  let cancellable = input.map { $0 &* 2 }.filter { $0 % 3 != 0 }.sink { sum &+= $0 }
  let stage: (Int) -> Void = { value in
    let doubled = value &* 2
    if doubled % 3 != 0 { sum &+= doubled }
  }
  let (reactive, plain) = measureSideBySide("P1", operationsPerRun: events) {
    for value in 0..<events { input.accept(value) }
  } plain: {
    for value in 0..<events { stage(value) }
  }
  cancellable.cancel()
  blackHole(sum)
  return (reactive, plain)
}

/// P2: combineLatest of two sources → map; events alternate between the sources.
func corePipelineP2(events: Int) -> (Measurement, Measurement) {
  let a = PublishRelay<Int>()
  let b = PublishRelay<Int>()
  var sum = 0
  let cancellable = a.combineLatest(b).map { $0 &+ $1 }.sink { sum &+= $0 }
  a.accept(0)
  b.accept(0)
  var (lastA, lastB) = (0, 0)
  let combine: (Int) -> Void = { value in
    if value & 1 == 0 { lastA = value } else { lastB = value }
    sum &+= lastA &+ lastB
  }
  let (reactive, plain) = measureSideBySide("P2", operationsPerRun: events) {
    for value in 0..<events { if value & 1 == 0 { a.accept(value) } else { b.accept(value) } }
  } plain: {
    for value in 0..<events { combine(value) }
  }
  cancellable.cancel()
  blackHole(sum)
  return (reactive, plain)
}

/// P3: map → filter → combineLatest → Driver, with `subscribers` drivers attached.
func corePipelineP3(events: Int, subscribers: Int) -> (Measurement, Measurement) {
  let input = PublishRelay<Int>()
  let offset = BehaviorRelay(value: 1)
  let driver = input.map { $0 &* 2 }.filter { $0 % 3 != 0 }
    .combineLatest(offset) { $0 &+ $1 }
    .asDriver(scheduler: immediate)
  var sum = 0
  let cancellables = (0..<subscribers).map { _ in driver.drive { sum &+= $0 } }
  let sinks: [(Int) -> Void] = (0..<subscribers).map { _ in { sum &+= $0 } }
  let stage: (Int) -> Void = { value in
    let doubled = value &* 2
    guard doubled % 3 != 0 else { return }
    for sink in sinks { sink(doubled &+ 1) }
  }
  let (reactive, plain) = measureSideBySide("P3", operationsPerRun: events) {
    for value in 0..<events { input.accept(value) }
  } plain: {
    for value in 0..<events { stage(value) }
  }
  cancellables.forEach { $0.cancel() }
  blackHole(sum)
  return (reactive, plain)
}

/// P4: subscribe to a Driver and cancel at once, `times` times, with `resident` other
/// subscribers attached throughout.
func corePipelineP4(times: Int, resident: Int) -> (Measurement, Measurement) {
  let state = BehaviorRelay(value: 1)
  let driver = state.asDriver(scheduler: immediate)
  var sum = 0
  let residents = (0..<resident).map { _ in driver.drive { sum &+= $0 } }
  var observers: [Int: (Int) -> Void] = [:]
  for key in 0..<resident { observers[key] = { sum &+= $0 } }
  var next = resident
  let (reactive, plain) = measureSideBySide("P4", operationsPerRun: times) {
    for _ in 0..<times { driver.drive { sum &+= $0 }.cancel() }
  } plain: {
    for _ in 0..<times {
      let key = next
      next &+= 1
      let observer: (Int) -> Void = { sum &+= $0 }
      observers[key] = observer
      observer(1)
      observers[key] = nil
    }
  }
  residents.forEach { $0.cancel() }
  blackHole(sum)
  return (reactive, plain)
}

/// P5: a trigger takes the latest of a chain: trigger.withLatestFrom(b).withLatestFrom(c).
func corePipelineP5(events: Int) -> (Measurement, Measurement) {
  let trigger = PublishRelay<Int>()
  let b = BehaviorRelay(value: 2)
  let c = BehaviorRelay(value: 3)
  var sum = 0
  let cancellable = trigger.withLatestFrom(b) { $0 &+ $1 }.withLatestFrom(c) { $0 &* $1 }
    .sink { sum &+= $0 }
  let (latestB, latestC) = (2, 3)
  let stage: (Int) -> Void = { value in sum &+= (value &+ latestB) &* latestC }
  let (reactive, plain) = measureSideBySide("P5", operationsPerRun: events) {
    for value in 0..<events { trigger.accept(value) }
  } plain: {
    for value in 0..<events { stage(value) }
  }
  cancellable.cancel()
  blackHole(sum)
  return (reactive, plain)
}

/// P6: eight sources merged into one sink; events go round the sources.
func corePipelineP6(events: Int) -> (Measurement, Measurement) {
  let sources = (0..<8).map { _ in PublishRelay<Int>() }
  var sum = 0
  let cancellable = sources.merge().sink { sum &+= $0 }
  let sinks: [(Int) -> Void] = (0..<8).map { _ in { sum &+= $0 } }
  let (reactive, plain) = measureSideBySide("P6", operationsPerRun: events) {
    for value in 0..<events { sources[value & 7].accept(value) }
  } plain: {
    for value in 0..<events { sinks[value & 7](value) }
  }
  cancellable.cancel()
  blackHole(sum)
  return (reactive, plain)
}
