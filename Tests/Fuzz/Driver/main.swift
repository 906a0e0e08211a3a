// fuzz-cli: the CLI's line parser and the four apps' command sets under libFuzzer.
//
// Built for fuzzing (`.ci/fuzz`): swift build --product fuzz-cli -Xswiftc -sanitize=fuzzer
// -Xswiftc -DFUZZING; then `fuzz-cli [libFuzzer flags] CORPUS...` hands its arguments to
// libFuzzer's driver, which calls the harness with each input.
// Built plainly, it replays the files (or directories of files) it is given.
import CLIFuzzHarness
import Foundation

#if FUZZING
  import CFuzzDriver

  /// One input, one CLI session. A trap is a finding.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated { _ = CLIFuzzHarness.run(input) }
    return 0
  }

  // This program's main runs, so it hands its arguments to libFuzzer's driver.
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
#else
  var count = 0
  for path in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let files =
      (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil))
      ?? [url]
    for file in files {
      guard let data = try? Data(contentsOf: file) else { continue }
      MainActor.assumeIsolated { _ = CLIFuzzHarness.run(Array(data)) }
      count += 1
    }
  }
  print("replayed \(count) inputs")
#endif
