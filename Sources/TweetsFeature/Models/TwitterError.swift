import Foundation
import StoreSupport

/// Why a Twitter request failed; `message` is the exact text of the `error` Signal.
public enum TwitterError: Error, Equatable, Sendable {
  case unauthorized, forbidden, notFound
  case rateLimited(retryAfter: TimeInterval?)
  case server(status: Int)
  case http(status: Int)
  case offline, timeout, malformedResponse
  /// The body passed the HTTP client's size limit.
  case tooLarge

  public var message: String { message(service: "Twitter") }

  /// The message, naming the service that failed (`Bluesky` for the list read from Bluesky).
  public func message(service: String) -> String {
    switch self {
    case .unauthorized: "\(service) rejected the access token (HTTP 401)."
    case .forbidden: "\(service) refused access (HTTP 403)."
    case .notFound: "Not found on \(service) (HTTP 404)."
    case .rateLimited(let wait):
      "Rate limited by \(service). Try again in \(Int(Self.usableWait(wait).rounded(.up))) s."
    case .server(let status): "\(service) is unavailable right now (HTTP \(status))."
    case .http(let status): "Unexpected response from \(service) (HTTP \(status))."
    case .offline: "Could not reach \(service). Check your connection."
    case .timeout: "\(service) did not respond within 15 s."
    case .malformedResponse: "\(service) sent a response that could not be read."
    case .tooLarge: "\(service) sent a response that is too large."
    }
  }

  /// The longest rate-limit wait the app accepts from a server: a day.
  public static let maximumWait: TimeInterval = 86_400
  /// The wait when the server gave none (or one the app does not accept).
  public static let defaultWait = TweetsTiming.defaultRateLimitWait

  /// `wait` when it is a number of seconds within 0…`maximumWait`, else `defaultWait`.
  public static func usableWait(_ wait: TimeInterval?) -> TimeInterval {
    guard let wait, (0...maximumWait).contains(wait) else { return defaultWait }
    return wait
  }

  /// The wait until an `x-rate-limit-reset` header's epoch second, when that is a number no
  /// more than a day after `now`; nil otherwise.
  public static func wait(untilReset header: String?, now: Date) -> TimeInterval? {
    guard let header, let reset = Double(header), reset.isFinite else { return nil }
    let wait = max(0, reset - now.timeIntervalSince1970)
    return wait <= maximumWait ? wait : nil
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
  /// The file is not one this app may write (another program's database, a newer version's
  /// store, not a regular file): it is left as it was, and tweets are kept in memory.
  case unusable(StoreFileProblem)

  public var message: String {
    switch self {
    case .openFailed: "Could not open the tweet store; tweets will not be kept."
    case .writeFailed: "Could not save tweets."
    case .unusable(let problem):
      "Could not open the tweet store: \(problem.message); tweets will not be kept."
    }
  }
}
