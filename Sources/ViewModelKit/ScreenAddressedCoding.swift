/// The JSON form of an app's input, `{"<screen>": <that screen's input>}`: one key, naming the
/// screen, whose value is the screen's own input (`{"catalog": {"add": {"id": "peas",
/// "quantity": 2}}}`). Each app's input enum codes itself through these two helpers.
public enum ScreenAddressedCoding {
  /// A coding key for any screen name.
  public struct Key: CodingKey {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
  }

  /// Writes `input` under `screen`.
  public static func encode(
    _ input: some Encodable, screen: String, to encoder: any Encoder
  ) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(input, forKey: Key(stringValue: screen))
  }

  /// The one screen name a document holds, with the container to read its input from;
  /// a document with no key or more than one is refused.
  public static func screen(in decoder: any Decoder) throws -> (
    name: String, container: KeyedDecodingContainer<Key>
  ) {
    let container = try decoder.container(keyedBy: Key.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "Name exactly one screen"))
    }
    return (key.stringValue, container)
  }

  /// The error for a screen name the app does not have.
  public static func unknown(_ name: String, in decoder: any Decoder) -> DecodingError {
    .dataCorrupted(
      .init(codingPath: decoder.codingPath, debugDescription: "No screen \(name.prefix(40))"))
  }
}
