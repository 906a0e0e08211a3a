import Foundation

/// CPU seconds this process has used so far, on every thread (`CLOCK_PROCESS_CPUTIME_ID`).
/// Every bench row is timed in CPU time (issue 41): a busy machine slows the wall clock of a
/// run, not the work it does, so it cannot fail a budget.
func processCPUSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// CPU seconds the finished child processes have used (`getrusage(RUSAGE_CHILDREN)`): what a
/// row that runs a program (`tui`) costs.
func childrenCPUSeconds() -> Double {
  var usage = rusage()
  getrusage(Int32(RUSAGE_CHILDREN.rawValue), &usage)
  func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
  return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The CPU seconds `body` takes.
func cpuTime(_ body: () throws -> Void) rethrows -> Double {
  let start = processCPUSeconds()
  try body()
  return processCPUSeconds() - start
}

/// The CPU seconds `body` takes, awaiting it.
func cpuTime(_ body: () async -> Void) async -> Double {
  let start = processCPUSeconds()
  await body()
  return processCPUSeconds() - start
}

/// Timing figures for one measured operation.
struct Measurement {
  let label: String
  /// CPU seconds of each measured run.
  let samples: [Double]
  /// How many operations one run performs (events, keystrokes, ...).
  let operationsPerRun: Int

  func percentile(_ p: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count - 1)).rounded(.up))
    return sorted[min(rank, sorted.count - 1)]
  }

  var p50: Double { percentile(50) }
  var p99: Double { percentile(99) }
  /// Operations per second at the median run.
  var throughput: Double { p50 > 0 ? Double(operationsPerRun) / p50 : .infinity }
}

/// Runs `body` `warmup` times unmeasured, then `runs` times measured.
func measure(
  _ label: String, warmup: Int = 5, runs: Int = 30, operationsPerRun: Int = 1,
  _ body: () -> Void
) -> Measurement {
  for _ in 0..<warmup { body() }
  var samples: [Double] = []
  samples.reserveCapacity(runs)
  for _ in 0..<runs {
    samples.append(cpuTime(body))
  }
  return Measurement(label: label, samples: samples, operationsPerRun: operationsPerRun)
}

/// Measures a pipeline and its plain-closure twin side by side: one unmeasured run of each,
/// then `runs` measured runs of each, alternating, so that a slow spell of the machine (a
/// shared VM's neighbours, a frequency change) falls on both alike rather than on whichever
/// happened to be measured during it. Answers the pipeline's measurement, then the twin's.
///
/// `BENCH_CORE_SIDE=reactive`, `plain` or `none` runs only that side (neither, for `none`),
/// for counting instructions under callgrind (`Scripts/core-instructions.sh`): the difference
/// between a side's count and `none`'s is that side's work, `runs + 1` times over.
func measureSideBySide(
  _ label: String, runs: Int = 9, operationsPerRun: Int,
  reactive: () -> Void, plain: () -> Void
) -> (Measurement, Measurement) {
  let side = ProcessInfo.processInfo.environment["BENCH_CORE_SIDE"] ?? "both"
  let reactive = side == "both" || side == "reactive" ? reactive : {}
  let plain = side == "both" || side == "plain" ? plain : {}
  reactive()
  plain()
  var reactiveSamples: [Double] = []
  var plainSamples: [Double] = []
  for _ in 0..<runs {
    reactiveSamples.append(cpuTime(reactive))
    plainSamples.append(cpuTime(plain))
  }
  return (
    Measurement(
      label: "\(label) reactive", samples: reactiveSamples, operationsPerRun: operationsPerRun),
    Measurement(label: "\(label) plain", samples: plainSamples, operationsPerRun: operationsPerRun)
  )
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Formats seconds with a unit that keeps three significant figures readable.
func formatDuration(_ seconds: Double) -> String {
  switch seconds {
  case ..<1e-6: String(format: "%.1f ns", seconds * 1e9)
  case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
  case ..<1: String(format: "%.2f ms", seconds * 1e3)
  default: String(format: "%.2f s", seconds)
  }
}

func formatRate(_ perSecond: Double) -> String {
  switch perSecond {
  case 1e6...: String(format: "%.2f M/s", perSecond / 1e6)
  case 1e3...: String(format: "%.1f k/s", perSecond / 1e3)
  default: String(format: "%.1f /s", perSecond)
  }
}

/// Prints one line per measurement: p50 and p99 of a run's CPU time, and throughput.
func report(_ measurements: [Measurement]) {
  let width = measurements.map(\.label.count).max() ?? 0
  for m in measurements {
    let label = m.label.padding(toLength: width, withPad: " ", startingAt: 0)
    print(
      "  \(label)  CPU p50 \(formatDuration(m.p50))  p99 \(formatDuration(m.p99))  "
        + "throughput \(formatRate(m.throughput))")
  }
}

/// A named benchmark suite, run by `bench <name>`. `run` answers whether every budget the
/// suite checks was met.
struct BenchmarkSuite: Sendable {
  let name: String
  let summary: String
  /// Runs on the main actor, where the screen models live.
  let run: @MainActor @Sendable () -> Bool
}

/// Like `measure`, but only the closure that `setup` returns is timed: `setup` prepares a
/// run (untimed), and what it returns is the operation itself.
func measureAfterSetup(
  _ label: String, warmup: Int = 5, runs: Int = 30, _ setup: () -> () -> Void
) -> Measurement {
  for _ in 0..<warmup { setup()() }
  var samples: [Double] = []
  samples.reserveCapacity(runs)
  for _ in 0..<runs {
    let operation = setup()
    samples.append(cpuTime(operation))
  }
  return Measurement(label: label, samples: samples, operationsPerRun: 1)
}

/// A measurement held against its p95 budget.
struct Budget {
  let label: String
  let measurement: Measurement?
  /// The p95 budget, in seconds.
  let limit: Double
  /// What the figure covers, when the label alone does not say.
  var timedPart: String?
  /// Why the figure could not be taken, or what else went wrong.
  var problem: String?

  init(_ measurement: Measurement, limit: Double, timedPart: String? = nil, problem: String? = nil)
  {
    label = measurement.label
    self.measurement = measurement
    self.limit = limit
    self.timedPart = timedPart
    self.problem = problem
  }

  init(notMeasured label: String, because reason: String, limit: Double) {
    self.label = label
    measurement = nil
    self.limit = limit
    problem = reason
  }

  var isMet: Bool {
    guard let measurement, problem == nil else { return false }
    return measurement.percentile(95) <= limit
  }

  /// Prints median and p95 against the budget, one line each; true when every budget is met.
  static func report(_ budgets: [Budget]) -> Bool {
    let width = budgets.map(\.label.count).max() ?? 0
    for budget in budgets {
      let label = budget.label.padding(toLength: width, withPad: " ", startingAt: 0)
      let limit = "budget p95 \(formatDuration(budget.limit)) CPU"
      guard let measurement = budget.measurement else {
        print("  \(label)  not measured: \(budget.problem ?? "")  (\(limit))  OVER")
        continue
      }
      var line =
        "  \(label)  CPU median \(formatDuration(measurement.p50))  "
        + "p95 \(formatDuration(measurement.percentile(95)))  (\(limit))"
      line += budget.isMet ? "  ok" : "  OVER"
      if let timedPart = budget.timedPart { line += "  [\(timedPart)]" }
      if let problem = budget.problem { line += "  \(problem)" }
      print(line)
    }
    return budgets.allSatisfy(\.isMet)
  }
}

/// This process's resident set size in megabytes, from /proc.
func residentMegabytes() -> Double? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
  else { return nil }
  return kilobytes / 1024
}
