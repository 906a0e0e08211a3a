import Foundation
import ViewModelKit

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP answer: status and body, whatever the status.
public struct HTTPResponse: Equatable, Sendable {
  public let status: Int
  public let body: Data
  /// Header fields, by lower-cased name.
  public let headers: [String: String]

  public init(status: Int, body: Data, headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }
}

/// An HTTP request: method, URL, header fields, body, and which redirects it may follow.
public struct HTTPRequest: Equatable, Sendable {
  public var method: String
  public var url: URL
  public var headers: [String: String]
  public var body: Data?
  /// Which redirects the transport follows: same-origin ones by default, none for a request
  /// that carries a secret.
  public var redirects: HTTPRedirects

  public init(
    method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
    redirects: HTTPRedirects = .sameOrigin
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.redirects = redirects
  }
}

/// Makes requests, as cold publishers: the shared transport of every live service (the
/// features' own clients add URLs, headers, bodies and decoding). Transport failures (no
/// connection, timeout, cancellation) are `URLError`s; any HTTP status is a response.
public protocol HTTPClient {
  /// Sends `request` when subscribed; cancelling the subscription cancels it.
  func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError>
  /// Sends `request` and waits for its answer, with the same limits and errors as `send`;
  /// cancelling the calling task cancels the request. The default waits on `send`.
  func response(to request: HTTPRequest) async throws(URLError) -> HTTPResponse
}

extension HTTPClient {
  public func response(to request: HTTPRequest) async throws(URLError) -> HTTPResponse {
    guard let result = await send(request).firstResult() else {
      throw URLError(.cancelled)
    }
    return try result.get()
  }

  /// The answer to a GET of `url` with `headers`, as a publisher made from the async call
  /// (`AsyncFuture`): how the live services ask, so cancelling their subscription cancels
  /// the task and the transfer under it.
  public func fetch(_ url: URL, headers: [String: String]) -> AnyPublisher<HTTPResponse, URLError>
  where Self: Sendable {
    AsyncFuture { () async throws(URLError) -> HTTPResponse in
      try await response(to: HTTPRequest(url: url, headers: headers))
    }
    .eraseToAnyPublisher()
  }

  /// A GET of `url` with `headers`.
  public func get(_ url: URL, headers: [String: String]) -> AnyPublisher<HTTPResponse, URLError> {
    send(HTTPRequest(url: url, headers: headers))
  }
}

/// `HTTPClient` over libcurl: the transport of every live service.
///
/// Each request runs on a thread of its own (see `CurlTransfer`), so independent requests never
/// wait behind each other and a waiting request costs no CPU. `timeout` is an overall deadline
/// for the whole exchange, not an idle limit: a server that drips one byte at a time is cut off
/// when it passes. The body is counted after gzip or deflate is inflated, and the transfer and
/// its inflation stop at the first byte past `bodyLimit` with
/// `URLError(.dataLengthExceedsMaximum)`, so a compressed bomb costs at most the limit in
/// memory. Cancelling the subscription stops the transfer at once. Redirects follow the
/// request's `redirects`: same origin only by default, never to another host, port or scheme.
public final class CurlHTTPClient: HTTPClient, Sendable {
  /// The default limit on a body, in bytes (5 MiB): far above any answer the apps use.
  public static let defaultBodyLimit = 5 * 1024 * 1024

  private let timeout: TimeInterval
  private let bodyLimit: Int

  /// A client whose requests end with `URLError(.timedOut)` `timeout` seconds after they
  /// start unless fully answered, and fail with `.dataLengthExceedsMaximum` past `bodyLimit`
  /// bytes of (inflated) body.
  public init(timeout: TimeInterval, bodyLimit: Int = CurlHTTPClient.defaultBodyLimit) {
    self.timeout = timeout.isFinite && timeout > 0 ? timeout : 10
    self.bodyLimit = max(0, bodyLimit)
  }

  public func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
    Deferred { [timeout, bodyLimit] in
      let answer = Replayed<HTTPResponse, URLError>()
      let transfer = CurlTransfer(request, deadline: timeout, bodyLimit: bodyLimit) { result in
        switch result {
        case .success(let response):
          answer.send(response)
          answer.send(completion: .finished)
        case .failure(let error):
          answer.send(completion: .failure(error))
        }
      }
      return answer.handleEvents(
        receiveSubscription: { _ in transfer.start() }, receiveCancel: { transfer.cancel() })
    }
    .eraseToAnyPublisher()
  }

  /// Sends `request` and waits for its answer, with the same deadline, body limit and errors
  /// as `send(_:)`. Cancelling the calling task stops the transfer (`URLError(.cancelled)`).
  public func response(to request: HTTPRequest) async throws(URLError) -> HTTPResponse {
    let waiting = Locked<CheckedContinuation<Result<HTTPResponse, URLError>, Never>?>(nil)
    let transfer = CurlTransfer(request, deadline: timeout, bodyLimit: bodyLimit) { result in
      waiting.withLock { $0.take() }?.resume(returning: result)
    }
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        transfer.start()
      }
    } onCancel: {
      transfer.cancel()
    }
    return try result.get()
  }
}
