import Foundation

/// Who may use the server (issue 40, item 4): a random token per launch, taken once from the
/// address the server prints and then kept in an `HttpOnly`, `SameSite=Strict` cookie; a
/// WebSocket upgrade only from the server's own origin; and the headers every answer carries.
public struct WebAccess: Sendable {
  /// The launch's token: 32 random bytes as 64 lower-case hex digits.
  public let token: String
  /// The origins a WebSocket upgrade may come from: the server's own addresses.
  public let origins: Set<String>

  /// The cookie's name.
  public static let cookieName = "headless_token"

  public init(token: String = WebAccess.randomToken(), host: String, port: Int) {
    self.token = token
    var origins: Set<String> = ["http://\(host):\(port)"]
    if host == "127.0.0.1" || host == "localhost" {
      origins.formUnion(["http://127.0.0.1:\(port)", "http://localhost:\(port)"])
    }
    self.origins = origins
  }

  /// 32 bytes from the system's random source, in hex.
  public static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator))
    }
    .joined()
  }

  /// Whether `query`'s `token` is the launch's token.
  public func tokenInQuery(_ value: String?) -> Bool {
    guard let value else { return false }
    return Self.same(value, token)
  }

  /// Whether a `Cookie` header carries the launch's token.
  public func cookieAllows(_ header: String?) -> Bool {
    guard let header else { return false }
    for part in header.split(separator: ";") {
      let pair = part.trimmingCharacters(in: .whitespaces).split(
        separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if pair.count == 2, pair[0] == Self.cookieName, Self.same(String(pair[1]), token) {
        return true
      }
    }
    return false
  }

  /// Whether a WebSocket upgrade's `Origin` is the server's own (a page of another site
  /// cannot open a socket with the user's cookie).
  public func originAllows(_ origin: String?) -> Bool {
    guard let origin else { return false }
    return origins.contains(origin.lowercased())
  }

  /// The `Set-Cookie` value that keeps the token for the launch.
  public var cookie: String {
    "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
  }

  /// Headers on every answer: scripts and styles only from the server itself, no framing by
  /// other sites, no guessing of types, no address leaked to another origin.
  public static let headers: [(String, String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
  ]

  /// Compares in time independent of where the first difference is.
  static func same(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
