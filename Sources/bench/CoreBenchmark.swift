import Foundation
import ViewModelKit

/// The reactive core against plain closures doing the same work in the same run (issue 10):
/// P1–P6, each printed as "times slower than plain closures" beside its budget, which is half
/// of RxSwift's ratio measured the same way. P7 and P8 (issue 31) time the async and
/// Observation bridges; they have no RxSwift counterpart, and their budgets are about twice
/// their first measurement, to catch a regression. Over budget exits 1.
let coreSuite = BenchmarkSuite(
  name: "core",
  summary: "P1–P6 pipelines, times slower than plain closures, against half of RxSwift's ratio"
) {
  let rows: [(String, Double, @MainActor () -> (Measurement, Measurement))] = [
    ("P1 map → filter → sink, 1M events", 22, { corePipelineP1(events: 1_000_000) }),
    ("P2 combineLatest of 2 → map", 12, { corePipelineP2(events: 200_000) }),
    (
      "P3 map → filter → combineLatest → Driver, 1 subscriber", 55,
      { corePipelineP3(events: 200_000, subscribers: 1) }
    ),
    (
      "P3 map → filter → combineLatest → Driver, 10 subscribers", 18,
      { corePipelineP3(events: 200_000, subscribers: 10) }
    ),
    (
      "P4 subscribe + cancel, 100k times, 0 resident", 6,
      { corePipelineP4(times: 100_000, resident: 0) }
    ),
    (
      "P4 subscribe + cancel, 100k times, 100 resident", 6,
      { corePipelineP4(times: 100_000, resident: 100) }
    ),
    ("P5 withLatestFrom chain", 13, { corePipelineP5(events: 200_000) }),
    ("P6 merge of 8 sources", 9, { corePipelineP6(events: 200_000) }),
    ("P7 state → values → awaiting task, one by one", 3, { corePipelineP7(changes: 20_000) }),
    ("P8 state → ScreenStore → Observation tracking", 3, { corePipelineP8(changes: 50_000) }),
  ]
  // `BENCH_CORE_ROWS=P4` (a prefix) measures only the matching rows, for profiling one shape.
  let only = ProcessInfo.processInfo.environment["BENCH_CORE_ROWS"] ?? ""
  // With one side only (`BENCH_CORE_SIDE`, for counting instructions) there is no ratio to
  // judge.
  let judging = (ProcessInfo.processInfo.environment["BENCH_CORE_SIDE"] ?? "both") == "both"
  var within = true
  print("core (ratio = plain closures' throughput / the pipeline's; budget: half of RxSwift's):")
  for (label, budget, run) in rows where label.hasPrefix(only) {
    let (reactive, plain) = run()
    let ratio = plain.throughput / reactive.throughput
    let ok = ratio <= budget || !judging
    within = within && ok
    print(
      "  \(label.padding(toLength: 58, withPad: " ", startingAt: 0))"
        + String(format: "%7.1f× (budget %4.0f×)  ", ratio, budget) + (ok ? "ok  " : "OVER")
        + "  \(formatDuration(1 / reactive.throughput)) vs \(formatDuration(1 / plain.throughput)) per operation"
    )
  }
  return within
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
