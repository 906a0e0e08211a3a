import AppInfrastructure
import FlyingFox
import Foundation
import ViewModelKit

/// Test support shared by the HTTP client tests of every feature.
///
/// A FlyingFox server on 127.0.0.1 with a free port, answering every request with `handler`.
public final class LoopbackServer: Sendable {
  public let server: HTTPServer
  let task: Task<Void, any Error>
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  public init(
    _ handler: @Sendable @escaping (FlyingFox.HTTPRequest) async throws -> FlyingFox.HTTPResponse
  ) async throws {
    // A minute before FlyingFox gives up on a handler (its default, 15 s, answers 500 when a
    // loaded machine is slow to run the handler at all).
    server = HTTPServer(
      address: try sockaddr_in.inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
    await server.appendRoute("*", handler: handler)
    let server = server
    task = Task { try await server.run() }
    // FlyingFox waits 5 s by default; with the whole suite running on 2 cores, the server's
    // task can take longer than that to be scheduled (all six HTTPServicesTests once timed out
    // together), so the wait is 30 s: still a limit, never a hang.
    try await server.waitUntilListening(timeout: 30)
    guard case .ip4(_, let port) = await server.listeningAddress else {
      throw LoopbackError.noPort(String(describing: await server.listeningAddress))
    }
    baseURL = (URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/"))
  }

  public func stop() async {
    await server.stop()
    task.cancel()
  }

  /// A server answering every request with `status`, `body` and `headers`.
  public static func answering(_ status: Int, _ body: String, headers: [String: String] = [:])
    async throws -> LoopbackServer
  {
    try await LoopbackServer { _ in
      FlyingFox.HTTPResponse(
        statusCode: HTTPStatusCode(status, phrase: "Status"),
        headers: HTTPHeaders(
          Dictionary(uniqueKeysWithValues: headers.map { (HTTPHeader($0.key), $0.value) })),
        body: Data(body.utf8))
    }
  }
}

public enum LoopbackError: Error {
  case noPort(String)
}

/// Something a handler can wait on until the test lets it go (a stalled response).
public actor Gate {
  public init() {}

  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var open = false

  public func wait() async {
    if open { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  public func release() {
    open = true
    waiters.forEach { $0.resume() }
    waiters = []
  }
}

/// No outcome came within a test's hang guard.
public struct NoOutcome: Error, CustomStringConvertible {
  public let seconds: TimeInterval
  public var description: String { "no outcome within \(seconds) s: the publisher hangs" }
}

/// The first outcome of a publisher, awaited, or `NoOutcome` thrown (and the subscription
/// cancelled) after `seconds`: a hang guard that fails the one test, never a time the
/// outcome is expected within (a loaded machine may be slow, never 2 minutes slow).
public func outcome<T: Sendable, E: Error>(
  of publisher: AnyPublisher<T, E>, within seconds: TimeInterval = 120
) async throws -> Result<T, E> {
  let box = CancellableBox()
  let answer = Locked<CheckedContinuation<Result<T, E>?, Never>?>(nil)
  let result = await withCheckedContinuation {
    (continuation: CheckedContinuation<Result<T, E>?, Never>) in
    answer.withLock { $0 = continuation }
    let finish: @Sendable (Result<T, E>?) -> Void = { result in
      answer.withLock { $0.take() }?.resume(returning: result)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(nil) }
    box.cancellable = publisher.sink(
      receiveCompletion: { completion in
        if case .failure(let error) = completion { finish(.failure(error)) }
      },
      receiveValue: { value in finish(.success(value)) })
  }
  box.cancellable?.cancel()
  guard let result else { throw NoOutcome(seconds: seconds) }
  return result
}

/// Keeps a test's subscription alive while it is awaited.
public final class CancellableBox: @unchecked Sendable {
  public init() {}
  // Written once before the await, released with the box.
  public var cancellable: AnyCancellable?
}

/// Values a handler saw, in order.
public actor Recorded {
  public private(set) var values: [String] = []
  public init() {}
  public func record(_ value: String) { values.append(value) }
}
