import Foundation
import LoopbackSupport
import Testing

/// Issue 26, items 2 and 3, as a user meets them: the built `cli` waiting on a silent server
/// sleeps (URLSession on Linux used to spin a core: 8.6 s of CPU in 10 s), and a gzip bomb
/// costs at most the body limit in memory while the session stays open.
@Suite("End to end: waiting on a server costs neither CPU nor memory", .timeLimit(.minutes(6)))
struct HTTPWaitEndToEndTests {
  @Test(
    "item 3: checkout's rates request to a silent server waits its 10 s on well under 1 s of CPU")
  func silentServerNoCPU() async throws {
    let silent = try DroppingServer(holding: true)
    defer { silent.stop() }
    let output = try await Executables.run(
      "cli", ["checkout", "--ephemeral", "currency", "usd"],
      environment: ["RATES_URL": silent.baseURL.absoluteString + "/rates"])
    #expect(silent.connections == 1)
    #expect(output.stdout.contains("! Unable to retrieve currencies"))
    #expect(output.cpuSeconds > 0 && output.cpuSeconds < 1.0, "CPU: \(output.cpuSeconds) s")
  }

  @Test("item 2: an endless gzip bomb, the session kept open afterwards: under 100 MB resident")
  func bombInAnOpenSession() async throws {
    let server = try StreamingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n\r\n",
      chunk: HostileBodies.gzipBomb)
    defer { server.stop() }
    let environment = Executables.childEnvironment([
      "RATES_URL": server.baseURL.absoluteString + "/rates"
    ])
    let (child, seen) = try await offThePool {
      let child = try ChildProcess(
        Executables.url("cli").path, ["checkout", "--ephemeral"], environment: environment)
      child.write(Data("currency\n".utf8))
      let seen = child.readStdout(
        until: "Unable to retrieve currencies", deadline: Date().addingTimeInterval(30))
      return (child, seen)
    }
    // The session goes on: the transfer must be over, not inflating in the background.
    let hungUp = await eventually { server.clientHangUps == 1 }
    let rest = try await offThePool {
      child.write(Data("cart\ncurrency\n".utf8))
      return child.finish(deadline: Date().addingTimeInterval(60))
    }
    let output = (seen, hungUp, rest)
    #expect(output.0.contains("Unable to retrieve currencies"))
    #expect(output.1, "the client hung up on the bomb")
    // Each 255 KiB member inflates to 256 MiB, so the limit is passed inside the first; what
    // else was sent sat in the loopback's socket buffers (a few MiB). A client that went on
    // inflating would have taken everything the server could write.
    #expect(server.bytesSent < 32 << 20)
    #expect(output.2.peakResidentKiB > 0 && output.2.peakResidentKiB < 100 * 1024)
  }
}
