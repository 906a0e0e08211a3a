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

/// Makes GET requests, as cold publishers: the shared transport of every live service (the
/// features' own clients add URLs, headers and decoding). Transport failures (no connection, timeout, cancellation) are
/// `URLError`s; any HTTP status is a response.
public protocol HTTPClient {
  func get(_ url: URL, headers: [String: String]) -> AnyPublisher<HTTPResponse, URLError>
}

/// `HTTPClient` over URLSession, with a per-request timeout. Cancelling the subscription
/// cancels the request.
public final class URLSessionHTTPClient: HTTPClient, Sendable {
  private let session: URLSession
  private let timeout: TimeInterval

  /// A client whose requests give up after `timeout` seconds without an answer.
  public init(timeout: TimeInterval) {
    self.timeout = timeout
    // The session-wide limit is set as well: URLSession on Linux does not always honour the
    // request's own timeout.
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
  }

  public func get(_ url: URL, headers: [String: String]) -> AnyPublisher<HTTPResponse, URLError> {
    let session = session
    let timeout = timeout
    return Deferred {
      let answer = Replayed<HTTPResponse, URLError>()
      var request = URLRequest(url: url, timeoutInterval: timeout)
      for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
      let task = session.dataTask(with: request) { data, response, error in
        if let error {
          answer.send(completion: .failure((error as? URLError) ?? URLError(.unknown)))
          return
        }
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
          headers[String(describing: name).lowercased()] = String(describing: value)
        }
        answer.send(
          HTTPResponse(status: http?.statusCode ?? 0, body: data ?? Data(), headers: headers))
        answer.send(completion: .finished)
      }
      return answer.handleEvents(
        receiveSubscription: { _ in task.resume() }, receiveCancel: { task.cancel() })
    }
    .eraseToAnyPublisher()
  }
}

/// Service addresses given in environment variables.
public enum WebAddress {
  /// `text` as an absolute http(s) URL with a host, trailing slashes dropped; nil otherwise.
  public static func parse(_ text: String) -> URL? {
    var trimmed = text.trimmingCharacters(in: .whitespaces)
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else { return nil }
    return url
  }
}
