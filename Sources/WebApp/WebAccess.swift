import Foundation

/// Who may use the server (issue 40, item 4; issue 51, item 3): a random token per launch that
/// only this server's pages hold. The address `web` prints carries it in its fragment
/// (`/#token=…`), which a browser never sends anywhere; the page keeps it in its origin's
/// storage (scheme, host and port: no other local port can read it) and sends it only up its
/// own socket and its own token check. No cookie is set: a cookie for 127.0.0.1 would go to
/// every port of the machine. Pages and scripts hold no data and need no token; every piece of
/// a user's data (the socket, the read-only page) does. A socket upgrade also needs the
/// server's own `Origin`, and every request the server's own `Host` (no DNS rebinding).
public struct WebAccess: Sendable {
  /// The launch's token: 32 random bytes as 64 lower-case hex digits.
  public let token: String
  /// The origins a WebSocket upgrade may come from: the server's own addresses.
  public let origins: Set<String>
  /// The `Host` values the server answers to.
  public let hosts: Set<String>

  /// The WebSocket subprotocol the server answers with; the page also offers
  /// `token.<token>`, which is how the token goes up with the upgrade.
  public static let socketProtocol = "headless"

  public init(token: String = WebAccess.randomToken(), host: String, port: Int) {
    self.token = token
    var names: Set<String> = [host.contains(":") ? "[\(host)]" : host]
    if ["127.0.0.1", "localhost", "::1"].contains(host) {
      names.formUnion(["127.0.0.1", "localhost", "[::1]"])
    }
    hosts = Set(names.map { "\($0):\(port)" })
    origins = Set(hosts.map { "http://\($0)" })
  }

  /// 32 bytes from the system's random source, in hex.
  public static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator))
    }
    .joined()
  }

  /// Whether `value` is the launch's token.
  public func allows(token value: String?) -> Bool {
    guard let value else { return false }
    return Self.same(value, token)
  }

  /// Whether an `Authorization: Bearer …` header carries the launch's token.
  public func allows(authorization header: String?) -> Bool {
    guard let header, header.hasPrefix("Bearer ") else { return false }
    return allows(token: String(header.dropFirst("Bearer ".count)))
  }

  /// Whether a `Sec-WebSocket-Protocol` header offers `token.<the launch's token>`.
  public func allows(socketProtocols header: String?) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { offer in
      let offer = offer.trimmingCharacters(in: .whitespaces)
      return offer.hasPrefix("token.") && allows(token: String(offer.dropFirst("token.".count)))
    }
  }

  /// Whether a WebSocket upgrade's `Origin` is the server's own (a page of another site or
  /// another local port cannot open a socket).
  public func originAllows(_ origin: String?) -> Bool {
    guard let origin else { return false }
    return origins.contains(origin.lowercased())
  }

  /// Whether a request's `Host` is one of the server's own addresses.
  public func hostAllows(_ host: String?) -> Bool {
    guard let host else { return false }
    return hosts.contains(host.lowercased())
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
