import Foundation

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

/// An HTTP request: method, URL, header fields and body.
public struct HTTPRequest: Equatable, Sendable {
  public var method: String
  public var url: URL
  public var headers: [String: String]
  public var body: Data?

  public init(method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil)
  {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

/// Makes requests, as cold publishers: the shared transport of every live service (the
/// features' own clients add URLs, headers, bodies and decoding). Transport failures (no
/// connection, timeout, cancellation) are `URLError`s; any HTTP status is a response.
public protocol HTTPClient {
  /// Sends `request` when subscribed; cancelling the subscription cancels it.
  func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError>
}

extension HTTPClient {
  /// A GET of `url` with `headers`.
  public func get(_ url: URL, headers: [String: String]) -> AnyPublisher<HTTPResponse, URLError> {
    send(HTTPRequest(url: url, headers: headers))
  }
}

/// `HTTPClient` over URLSession, with a per-request timeout and a body limit. Cancelling the
/// subscription cancels the request.
///
/// The body is counted as it arrives, after URLSession has inflated any gzip or deflate
/// encoding, so a small compressed body that inflates to gigabytes is stopped at the limit
/// with `URLError(.dataLengthExceedsMaximum)`; memory stays near the limit.
public final class URLSessionHTTPClient: HTTPClient, Sendable {
  /// The default limit on a body, in bytes (5 MiB): far above any answer the apps use.
  public static let defaultBodyLimit = 5 * 1024 * 1024

  private let session: URLSession
  private let transfers: BodyCollector
  private let timeout: TimeInterval

  /// A client whose requests give up after `timeout` seconds without an answer, and fail
  /// with `.dataLengthExceedsMaximum` past `bodyLimit` bytes of (inflated) body.
  public init(timeout: TimeInterval, bodyLimit: Int = URLSessionHTTPClient.defaultBodyLimit) {
    self.timeout = timeout
    transfers = BodyCollector(limit: bodyLimit)
    // The session-wide limit is set as well: URLSession on Linux does not always honour the
    // request's own timeout.
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
  }

  // The session holds its delegate until invalidated. A publisher holds the client (below),
  // so this runs only when no request can start any more; running ones may finish.
  deinit { session.finishTasksAndInvalidate() }

  public func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
    Deferred { [self] in
      let answer = Replayed<HTTPResponse, URLError>()
      var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
      urlRequest.httpMethod = request.method
      urlRequest.httpBody = request.body
      for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
      let task = session.dataTask(with: urlRequest)
      transfers.begin(task, answer: answer)
      return answer.handleEvents(
        receiveSubscription: { _ in task.resume() },
        receiveCancel: { [transfers] in
          transfers.forget(task)
          task.cancel()
        })
    }
    .eraseToAnyPublisher()
  }
}

/// The session delegate behind `URLSessionHTTPClient`: collects each task's body up to the
/// limit and answers its subject once.
private final class BodyCollector: NSObject, URLSessionDataDelegate, Sendable {
  private struct Transfer {
    let answer: Replayed<HTTPResponse, URLError>
    var body = Data()
  }

  private let limit: Int
  private let transfers = Locked<[Int: Transfer]>([:])

  init(limit: Int) { self.limit = limit }

  func begin(_ task: URLSessionTask, answer: Replayed<HTTPResponse, URLError>) {
    transfers.withLock { $0[task.taskIdentifier] = Transfer(answer: answer) }
  }

  func forget(_ task: URLSessionTask) {
    transfers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    // A declared length over the limit is refused before any of the body is read.
    if response.expectedContentLength > Int64(limit) {
      fail(dataTask, URLError(.dataLengthExceedsMaximum))
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let overflow = transfers.withLock { transfers -> Bool in
      guard let count = transfers[dataTask.taskIdentifier]?.body.count else { return false }
      guard count + data.count <= limit else { return true }
      transfers[dataTask.taskIdentifier]?.body.append(data)
      return false
    }
    if overflow { fail(dataTask, URLError(.dataLengthExceedsMaximum)) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    if let error {
      transfer.answer.send(completion: .failure((error as? URLError) ?? URLError(.unknown)))
      return
    }
    let http = task.response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (name, value) in http?.allHeaderFields ?? [:] {
      headers[String(describing: name).lowercased()] = String(describing: value)
    }
    transfer.answer.send(
      HTTPResponse(status: http?.statusCode ?? 0, body: transfer.body, headers: headers))
    transfer.answer.send(completion: .finished)
  }

  /// Ends `task` with `error`: the subject hears it once, and the task is cancelled.
  private func fail(_ task: URLSessionTask, _ error: URLError) {
    guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) })
    else { return }
    transfer.answer.send(completion: .failure(error))
    task.cancel()
  }
}
