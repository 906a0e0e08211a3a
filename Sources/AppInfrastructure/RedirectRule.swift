import Foundation
import ViewModelKit

/// Which redirects a request may follow.
public enum HTTPRedirects: Sendable, Equatable {
  /// None: a 3xx answer is the answer. For requests that carry a secret in their body
  /// (a password), which must reach the one address it was meant for.
  case none
  /// Only to the same origin (scheme, host and port), at most `RedirectRule.maximumHops`
  /// times. A redirect elsewhere, https to http included, is not followed: its 3xx answer is
  /// the answer, which every live service reports as a failure with its status.
  case sameOrigin
}

/// The one rule on redirects for every transfer: whether a 3xx answer leads to another
/// request, and which.
enum RedirectRule {
  /// Redirects followed in one exchange before it fails with `.httpTooManyRedirects`.
  static let maximumHops = 5

  /// The request that follows `answer` to `location` under `request.redirects`, or nil when
  /// the answer stands: not a redirect, no location, another origin, or not allowed.
  /// A 303 (and a 301 or 302 after anything but a GET or HEAD) continues as a GET with no
  /// body, as browsers do; a 307 or 308 repeats the method and the body.
  static func follow(_ request: HTTPRequest, answer: HTTPResponse, location: String?)
    -> HTTPRequest?
  {
    guard request.redirects == .sameOrigin, [301, 302, 303, 307, 308].contains(answer.status),
      let location, let target = URL(string: location),
      sameOrigin(request.url, target)
    else { return nil }
    var next = request
    next.url = target
    let keepsMethod =
      answer.status == 307 || answer.status == 308
      || ["GET", "HEAD"].contains(request.method)
    if !keepsMethod {
      next.method = "GET"
      next.body = nil
      next.headers = next.headers.filter { $0.key.lowercased() != "content-type" }
    }
    return next
  }

  /// Whether `a` and `b` share scheme, host and port (the scheme's default port when none is
  /// written).
  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    guard let schemeA = a.scheme?.lowercased(), let schemeB = b.scheme?.lowercased(),
      let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased()
    else { return false }
    return schemeA == schemeB && hostA == hostB && port(a, schemeA) == port(b, schemeB)
  }

  private static func port(_ url: URL, _ scheme: String) -> Int? {
    url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
  }
}
