import AppInfrastructure
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit

/// Issue 26, items 2 to 4: the transport's bounds hold while a transfer runs, not after it.
@Suite("CurlHTTPClient: deadlines and a body limit that stop the transfer", .timeLimit(.minutes(3)))
struct HTTPTransportBoundsTests {
  static let endlessGzip =
    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n\r\n"

  @Test("item 2: an endless gzip bomb is cut at the limit: the client hangs up, the server stops")
  func endlessBomb() async throws {
    let server = try StreamingServer(head: Self.endlessGzip, chunk: HostileBodies.gzipBomb)
    defer { server.stop() }
    let client = CurlHTTPClient(timeout: 120)
    let result = try await outcome(
      of: client.get(server.baseURL.appendingPathComponent("x"), headers: [:]))
    #expect(result.failureCode == .dataLengthExceedsMaximum)
    #expect(await eventually { server.clientHangUps == 1 })
    // Each 255 KiB member inflates to 256 MiB, so the limit is passed inside the first; what
    // else was sent sat in the loopback's socket buffers (a few MiB). A client that went on
    // inflating would have taken everything the server could write.
    #expect(server.bytesSent < 32 << 20)
  }

  @Test("item 4: a server that drips a byte every 0.2 s is cut off at the overall deadline")
  func drip() async throws {
    let server = try StreamingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n", chunk: Data("x".utf8),
      pause: 0.2)
    defer { server.stop() }
    let client = CurlHTTPClient(timeout: 1)
    let result = try await outcome(
      of: client.get(server.baseURL.appendingPathComponent("x"), headers: [:]))
    #expect(result.failureCode == .timedOut)
    #expect(await eventually { server.clientHangUps == 1 })
  }

  @Test("cancelling a waiting request hangs up at once; the async API answers the same way")
  func cancelAndAsync() async throws {
    let silent = try DroppingServer(holding: true)
    defer { silent.stop() }
    let client = CurlHTTPClient(timeout: 120)
    let subscription = client.get(silent.baseURL.appendingPathComponent("x"), headers: [:])
      .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    #expect(await eventually { silent.connections == 1 })
    subscription.cancel()
    #expect(await eventually { silent.clientDisconnects == 1 })
    let task = Task {
      try await client.response(to: HTTPRequest(url: silent.baseURL.appendingPathComponent("y")))
    }
    #expect(await eventually { silent.connections == 2 })
    task.cancel()
    let error = await #expect(throws: URLError.self) { try await task.value }
    #expect(error?.code == .cancelled)
    #expect(await eventually { silent.clientDisconnects == 2 })
    let answering = try StreamingServer(
      head: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Kind: test\r\n\r\nok", chunk: Data())
    defer { answering.stop() }
    let response = try await client.response(to: HTTPRequest(url: answering.baseURL))
    #expect(response.status == 200 && response.body == Data("ok".utf8))
    #expect(response.headers["x-kind"] == "test")
  }
}
