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
}
