import Foundation

/// The one JSON form of every screen's state, input, answer and event: what the CLI's `--json`
/// writes and any other head (a web page) reads. Keys sorted, so a document is stable; dates
/// ISO 8601 in UTC with milliseconds (`2025-01-15T09:30:00.000Z`); numbers as numbers;
/// money, where an app has it, as `{"amount": "1.90", "currency": "GBP"}`.
public enum WireFormat {
  /// An encoder writing the wire form.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(dateText(date))
    }
    return encoder
  }

  /// A decoder reading the wire form (a date with or without its milliseconds).
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = (try? timestamp.parse(text)) ?? (try? plain.parse(text)) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Not an ISO 8601 date: \(text.prefix(40))")
      }
      return date
    }
    return decoder
  }

  /// A date as the wire form writes it: `2025-01-15T09:30:00.000Z`. For an encoder of the
  /// wire form that is not a `JSONEncoder` (the web head's, which builds a tree).
  public static func dateText(_ date: Date) -> String { date.formatted(timestamp) }

  /// `value` in the wire form, as text.
  public static func text(_ value: some Encodable) throws -> String {
    String(decoding: try encoder().encode(value), as: UTF8.self)
  }

  private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
  private static let plain = Date.ISO8601FormatStyle()
}
