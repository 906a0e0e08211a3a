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
  }

  /// Runs a built executable with `input` on stdin and waits for it to exit.
  static func run(
    _ name: String, _ arguments: [String], input: String = "", environment: [String: String] = [:]
  ) throws -> Output {
    try runProgram(url(name), arguments, input: input, environment: environment)
  }

  /// With `detached`, the program's output is discarded instead of read: a program that
  /// leaves a daemon behind (tmux) would otherwise keep the pipes open.
  static func runProgram(
    _ program: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:],
    detached: Bool = false
  ) throws -> Output {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for key in ["HEADLESS_DATA_DIR", "XDG_DATA_HOME", "CATALOG_URL", "RATES_URL", "NO_COLOR"] {
      env[key] = nil
    }
    env.merge(environment) { _, new in new }
    process.environment = env
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    if detached {
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      try stdin.fileHandleForWriting.close()
      process.waitUntilExit()
      return Output(status: process.terminationStatus, stdout: "", stderr: "")
    }
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
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
func eventually(timeout: TimeInterval = 20, _ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  let pause = DispatchSemaphore(value: 0)
  while Date() < deadline {
    if try condition() { return true }
    _ = pause.wait(timeout: .now() + .milliseconds(50))
  }
  return try condition()
}
