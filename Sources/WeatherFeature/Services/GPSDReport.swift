import Foundation

/// Where gpsd listens: `host[:port]`, port 2947 unless given; `[::1]:2947` for IPv6.
public struct GPSDAddress: Equatable, Sendable, CustomStringConvertible {
  /// gpsd's registered port.
  public static let defaultPort: UInt16 = 2947

  /// A name or an address (IPv6 without brackets).
  public let host: String
  /// The TCP port.
  public let port: UInt16

  /// gpsd at `host`, `port`.
  public init(host: String, port: UInt16 = GPSDAddress.defaultPort) {
    self.host = host
    self.port = port
  }

  /// Reads `host[:port]` (`GPSD_HOST`); nil for an empty host or a port outside 1…65535.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var host = trimmed
    var portText: Substring?
    if trimmed.hasPrefix("[") {
      guard let close = trimmed.firstIndex(of: "]") else { return nil }
      host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
      let rest = trimmed[trimmed.index(after: close)...]
      if !rest.isEmpty {
        guard rest.hasPrefix(":") else { return nil }
        portText = rest.dropFirst()
      }
    } else if trimmed.filter({ $0 == ":" }).count == 1, let colon = trimmed.firstIndex(of: ":") {
      host = String(trimmed[..<colon])
      portText = trimmed[trimmed.index(after: colon)...]
    }
    // A name of letters, digits, '-', '.' and '_', or an IPv6 address (hex digits, ':' and
    // '.'): ":-1", ":2947:3" and "a b" are refused, not taken for host names.
    let isName = host.unicodeScalars.allSatisfy {
      $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._".unicodeScalars.contains($0))
    }
    var address = in6_addr()
    let isIPv6 = host.contains(":") && inet_pton(AF_INET6, host, &address) == 1
    guard !host.isEmpty, host.count <= 253, isName || isIPv6 else { return nil }
    var port = Self.defaultPort
    if let portText {
      guard let value = UInt16(portText), value > 0 else { return nil }
      port = value
    }
    self.init(host: host, port: port)
  }

  /// `host:port`, IPv6 hosts in brackets.
  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// One line of gpsd's JSON protocol, as far as a position needs it (public for the fuzz
/// target, which feeds it arbitrary lines).
public enum GPSDReport: Equatable, Sendable {
  /// The greeting gpsd sends first.
  case version
  /// A position report with a 2D or 3D fix whose numbers are usable.
  case fix(LocationFix)
  /// Anything else: other classes, TPV without a fix (`mode` 0 or 1), unusable numbers.
  case other

  /// The longest line read; gpsd's are well under 2 KiB.
  static let maxLineLength = 65_536

  /// The report in `line`, or nil when it is not a JSON object with a `class`.
  public init?(line: Data) {
    guard let document = try? JSONDecoder().decode(Document.self, from: line) else {
      return nil
    }
    switch document.class {
    case "VERSION":
      self = .version
    case "TPV":
      self =
        Self.fix(
          document.mode, document.lat, document.lon, [document.epx, document.epy], document.eph
        )
        .map(GPSDReport.fix) ?? .other
    default:
      self = .other
    }
  }

  private struct Document: Decodable {
    let `class`: String
    let mode: Int?
    let lat: Double?
    let lon: Double?
    let epx: Double?
    let epy: Double?
    let eph: Double?
  }

  /// A fix from TPV fields: `mode` 2 or 3, a valid coordinate, and an accuracy that is the
  /// larger of `epx` and `epy` (metres), or `eph` when gpsd gives neither.
  private static func fix(
    _ mode: Int?, _ latitude: Double?, _ longitude: Double?, _ axes: [Double?], _ eph: Double?
  ) -> LocationFix? {
    guard let mode, mode >= 2, let latitude, let longitude else { return nil }
    let coordinate = Coordinate(latitude: latitude, longitude: longitude)
    let errors = axes.compactMap { $0 }
    guard let accuracy = errors.max() ?? eph, accuracy.isFinite, accuracy >= 0,
      coordinate.isValid
    else { return nil }
    return LocationFix(coordinate: coordinate, horizontalAccuracy: accuracy)
  }
}
