import ViewModelKit

/// Events per second through map → filter → combineLatest → Driver, next to the same
/// work done with plain closures.
let coreSuite = BenchmarkSuite(
  name: "core",
  summary: "events/s through map → filter → combineLatest → Driver, against plain closures"
) {
  let events = 20_000
  for subscribers in [1, 10] {
    let reactive = measureReactive(events: events, subscribers: subscribers)
    let baseline = measureClosures(events: events, subscribers: subscribers)
    print("core, \(subscribers) subscriber\(subscribers == 1 ? "" : "s"), \(events) events a run:")
    report([reactive, baseline])
    let ratio = baseline.throughput / reactive.throughput
    print(String(format: "  plain closures are %.1fx faster", ratio))
  }
  return true  // figures to compare, with no budget
}

private func measureReactive(events: Int, subscribers: Int) -> Measurement {
  let scheduler = DispatchQueue.immediate.eraseToAnyScheduler()
  let input = PublishRelay<Int>()
  let offset = BehaviorRelay(value: 1)
  let driver =
    input
    .map { $0 &* 2 }
    .filter { $0 % 3 != 0 }
    .combineLatest(offset) { $0 &+ $1 }
    .asDriver(scheduler: scheduler)
  var sum = 0
  let cancellables = (0..<subscribers).map { _ in driver.drive { sum &+= $0 } }
  let result = measure("Driver", operationsPerRun: events) {
    for value in 0..<events { input.accept(value) }
  }
  blackHole(sum)
  cancellables.forEach { $0.cancel() }
  return result
}

private func measureClosures(events: Int, subscribers: Int) -> Measurement {
  var sum = 0
  let offset = 1
  let sinks: [(Int) -> Void] = (0..<subscribers).map { _ in { sum &+= $0 } }
  let pipeline: (Int) -> Void = { value in
    let doubled = value &* 2
    guard doubled % 3 != 0 else { return }
    let combined = doubled &+ offset
    for sink in sinks { sink(combined) }
  }
  let result = measure("plain closures", operationsPerRun: events) {
    for value in 0..<events { pipeline(value) }
  }
  blackHole(sum)
  return result
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
