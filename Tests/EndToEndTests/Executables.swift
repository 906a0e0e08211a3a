import Foundation

/// The built executables, found beside the test bundle, and ways to run them.
enum Executables {
  static var directory: URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
    ]
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("cli").path)
    }
      ?? candidates[0]
  }

  static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  struct Output {
    let status: Int32
    let stdout: String
    let stderr: String
    /// The program's peak resident size, in KiB.
    var peakResidentKiB = 0
    /// The CPU time the program used, in seconds (user and system).
    var cpuSeconds = 0.0
  }

  /// Runs a built executable with `input` on stdin and waits for it to exit.
  static func run(
    _ name: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]
  ) async throws -> Output {
    try await runProgram(url(name).path, arguments, input: input, environment: environment)
  }

  /// Runs `program` (a path or a name on PATH) and waits for it, for at most `timeout`
  /// seconds. With `detached`, its output is discarded instead of read: a program that
  /// leaves a daemon behind (tmux) would otherwise keep the pipes open.
  static func runProgram(
    _ program: String, _ arguments: [String], input: String = "",
    environment: [String: String] = [:], detached: Bool = false, timeout: TimeInterval = 120
  ) async throws -> Output {
    let env = childEnvironment(environment)
    return try await offThePool {
      let child = try ChildProcess(program, arguments, environment: env, discardOutput: detached)
      child.write(Data(input.utf8))
      return child.finish(deadline: Date().addingTimeInterval(timeout))
    }
  }

  /// A clean environment for a child, plus `overrides`: only what finding programs and a
  /// home takes (`PATH`, `HOME`, `TMPDIR`, `USER`), a UTF-8 locale and UTC, nothing of the
  /// apps' own variables the test runner may have (`LC_ALL`, `WEATHER_LOCATION`, the
  /// `*_URL`s, keys and tokens), so a child sees only what its test sets. A child is offline
  /// (`HEADLESS_OFFLINE=1`) unless `overrides` name a service.
  static func childEnvironment(_ overrides: [String: String]) -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    var env: [String: String] = ["LANG": "C.UTF-8", "TZ": "UTC"]
    for key in ["PATH", "HOME", "TMPDIR", "USER"] { env[key] = inherited[key] }
    // No settings file of the user's: a test that wants one points here at its own.
    env["XDG_CONFIG_HOME"] = "/nonexistent/headless-mvvm-tests"
    // A data directory of the child's own, unless the test names one: what one test's run
    // remembered (weather's units, the currency) never reaches another's, nor the user's.
    env["XDG_DATA_HOME"] =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("e2e-data-\(getpid())/\(UUID().uuidString)").path
    // Live is the default, and the keyless services' hosts would be looked up in DNS: a child
    // is offline unless its test points it at a service (a loopback server, a closed port) or
    // says otherwise (`HEADLESS_OFFLINE` set, empty for live).
    let live = overrides.keys.contains { key in
      key == "HEADLESS_OFFLINE" || key.hasSuffix("_URL") || key.hasSuffix("_API_KEY")
        || key.hasSuffix("_TOKEN") || key == "TWITTER_LIST_ID" || key == "BLUESKY_LIST"
    }
    if !live { env["HEADLESS_OFFLINE"] = "1" }
    env.merge(overrides) { _, new in new }
    return env
  }

  /// A fresh temporary directory.
  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// Re-checks `condition` until it holds or `timeout` seconds pass. This bounds how long an
/// end-to-end test waits for another process; it is not a fixed delay.
func eventually(
  timeout: TimeInterval = 30, _ condition: () async throws -> Bool
) async rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if try await condition() { return true }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
        continuation.resume()
      }
    }
  }
  return try await condition()
}
