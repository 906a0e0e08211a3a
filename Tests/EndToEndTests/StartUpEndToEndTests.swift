import Foundation
import Testing

/// Issue 28, item 7: the front ends do not load libcurl and its libraries at start; libcurl
/// comes in on the first request (CurlOnDemand), which the HTTP end-to-end tests make.
@Suite("End to end: what the front ends load at start")
struct StartUpEndToEndTests {
  @Test("cli and tui do not need libcurl to start", arguments: ["cli", "tui"])
  func noCurlAtStart(executable: String) async throws {
    let dynamic = try await Executables.runProgram(
      "readelf", ["-d", Executables.url(executable).path], timeout: 30)
    #expect(dynamic.status == 0, "\(dynamic.stderr)")
    #expect(dynamic.stdout.contains("(NEEDED)"), "readelf listed no libraries")
    #expect(!dynamic.stdout.contains("libcurl"), "\(dynamic.stdout)")
  }

  /// Issue 41, item 2: `cli` and `tui` are linked at a fixed address, so a start rewrites no
  /// addresses in the binary's data (a position-independent one rewrites some 109,000).
  @Test("cli and tui are linked at a fixed address", arguments: ["cli", "tui"])
  func fixedAddress(executable: String) async throws {
    let header = try await Executables.runProgram(
      "readelf", ["-h", Executables.url(executable).path], timeout: 30)
    #expect(header.status == 0, "\(header.stderr)")
    #expect(header.stdout.contains("EXEC (Executable file)"), "\(header.stdout)")
  }
}
