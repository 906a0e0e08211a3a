import Foundation
import Testing

/// Issue 28, item 7: the front ends do not load libcurl and its libraries at start; libcurl
/// comes in on the first request (CurlOnDemand), which the HTTP end-to-end tests make.
@Suite("End to end: what the front ends load at start")
struct StartUpEndToEndTests {
  @Test("cli and tui do not need libcurl to start", arguments: ["cli", "tui"])
  func noCurlAtStart(executable: String) async throws {
    let dynamic = try await readelf("-d", executable)
    #expect(dynamic.contains("(NEEDED)"), "readelf listed no libraries")
    #expect(!dynamic.contains("libcurl"), "\(dynamic)")
  }

  /// Issue 41, item 2: `cli` and `tui` are linked at a fixed address, so a start rewrites no
  /// addresses in the binary's data (a position-independent one rewrites some 109,000).
  @Test("cli and tui are linked at a fixed address", arguments: ["cli", "tui"])
  func fixedAddress(executable: String) async throws {
    let header = try await readelf("-h", executable)
    #expect(header.contains("EXEC (Executable file)"), "\(header)")
  }

  /// What `readelf <option>` prints about the built `executable`.
  func readelf(_ option: String, _ executable: String) async throws -> String {
    let run = try await Executables.runProgram(
      "readelf", [option, Executables.url(executable).path], timeout: 30)
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout
  }
}
