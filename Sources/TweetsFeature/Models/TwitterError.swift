import Foundation

/// Why a Twitter request failed; `message` is the exact text of the `error` Signal.
public enum TwitterError: Error, Equatable, Sendable {
  case unauthorized, forbidden, notFound
  case rateLimited(retryAfter: TimeInterval?)
  case server(status: Int)
  case http(status: Int)
  case offline, timeout, malformedResponse

  public var message: String {
    switch self {
    case .unauthorized: "Twitter rejected the access token (HTTP 401)."
    case .forbidden: "Twitter refused access (HTTP 403)."
    case .notFound: "Not found on Twitter (HTTP 404)."
    case .rateLimited(let wait):
      "Rate limited by Twitter. Try again in \(Int((wait ?? 60).rounded(.up))) s."
    case .server(let status): "Twitter is unavailable right now (HTTP \(status))."
    case .http(let status): "Unexpected response from Twitter (HTTP \(status))."
    case .offline: "Could not reach Twitter. Check your connection."
    case .timeout: "Twitter did not respond within 15 s."
    case .malformedResponse: "Twitter sent a response that could not be read."
    }
  }

  /// The error for a non-2xx status (429 without its reset time).
  public static func forStatus(_ status: Int, retryAfter: TimeInterval? = nil) -> TwitterError {
    switch status {
    case 401: .unauthorized
    case 403: .forbidden
    case 404: .notFound
    case 429: .rateLimited(retryAfter: retryAfter)
    case 500...599: .server(status: status)
    default: .http(status: status)
    }
  }
}

/// Why the tweet store failed.
public enum StoreError: Error, Equatable, Sendable {
  case openFailed, writeFailed

  public var message: String {
    switch self {
    case .openFailed: "Could not open the tweet store; tweets will not be kept."
    case .writeFailed: "Could not save tweets."
    }
  }
}
