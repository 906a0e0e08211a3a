import AppEnvironment
import CLIApp
import Foundation
import ViewModelKit

/// The fuzz target's body, shared by the libFuzzer driver (`fuzz-cli`) and the test that
/// replays the committed corpus: one input is one CLI session of one app.
///
/// The first byte chooses the app (weather, tweets, todo, checkout, by its value modulo 4),
/// or, when it is 4, 5 or 6, one of the parsers of `ParserFuzzTargets`;
/// the rest is the session's standard input, split into lines, each run through the shell's
/// line tokenizer and the app's command set. Sessions are offline and ephemeral (nothing is
/// written), on a test scheduler, and silent (output goes to memory). Any trap is a finding.
@MainActor
public enum CLIFuzzHarness {
  public static let apps = AppRegistry.standard.names

  /// Runs `input` as one session; returns the exit status the CLI would give.
  @discardableResult
  public static func run(_ input: [UInt8]) -> Int32 {
    guard let first = input.first else { return 0 }
    if ParserFuzzTargets.kinds.contains(first) {
      ParserFuzzTargets.run(input)
      return 0
    }
    let app = apps[Int(first) % apps.count]
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    let scheduler = DispatchQueue.test
    guard let application = makeApp(app, scheduler: scheduler.eraseToAnyScheduler()) else {
      return 1
    }
    let shell = CLIShell(
      app: application, json: first & 0x80 != 0, streams: MemoryStreams(),
      waiter: TestSchedulerSettleWaiter(scheduler: scheduler))
    var quit = false
    shell.start(printInitialSet: true) {}
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
      guard !quit else { break }
      shell.run(line: String(line)) { quit = $0 }
    }
    shell.finish {}
    return shell.exitStatus
  }

  private static func makeApp(_ app: String, scheduler: AnySchedulerOf<DispatchQueue>)
    -> (any CLIApplication)?
  {
    var environment = ProcessInfo.processInfo.environment
    environment["HEADLESS_NOW"] = "2025-01-15T14:03:00Z"
    guard
      let options = try? SharedOptions.parse(["--offline", "--ephemeral"]),
      let configuration = try? AppConfiguration.resolve(
        options: options, environment: environment)
    else { return nil }
    guard let entry = AppRegistry.standard.app(named: app),
      let session = try? entry.makeSession(configuration, AppFlagValues(), scheduler)
    else { return nil }
    return (session as? any CLIPresentable)?.makeCommandSet()
  }
}
