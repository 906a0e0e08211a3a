import Foundation

/// A request as the web head's routes read it, whatever carried it: the method, the decoded
/// path, the query's fields and the headers (names in lower case). The listener makes one from
/// each HTTP request it reads; tests make them directly.
public struct WebRequest: Sendable {
  public var method: String
  /// The path, percent-decoded (`/todo`).
  public var path: String
  /// The query's fields, decoded; the last of a repeated name wins.
  public var query: [String: String]
  /// The headers, by lower-case name; a repeated header's values joined by `, `.
  public var headers: [String: String]

  public init(
    method: String = "GET", path: String, query: [String: String] = [:],
    headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
  }

  /// A request from its method, its request target as sent (`/todo?view=read-only`) and its
  /// header lines.
  public init(method: String, target: String, headerLines: [(String, String)]) {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = parts.first.map(String.init) ?? "/"
    var query: [String: String] = [:]
    if parts.count == 2 {
      for field in parts[1].split(separator: "&") {
        let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = Self.decode(pair[0]) else { continue }
        query[name] = pair.count == 2 ? Self.decode(pair[1]) ?? "" : ""
      }
    }
    var headers: [String: String] = [:]
    for (name, value) in headerLines {
      let key = name.lowercased()
      headers[key] = headers[key].map { "\($0), \(value)" } ?? value
    }
    self.init(
      method: method, path: rawPath.removingPercentEncoding ?? rawPath, query: query,
      headers: headers)
  }

  private static func decode(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}

/// An answer as the routes make it: a status, headers and a body.
public struct WebResponse: Sendable {
  public var status: Int
  public var headers: [(String, String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of the header `name` (any case), if any.
  public func header(_ name: String) -> String? {
    headers.last { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
  }

  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }
}
