/// What an input's answer can be: known now (`InputResult`) or later (`PendingResult`). A
/// screen whose every input answers at once answers `InputResult`; one with any input that
/// waits for work answers `PendingResult` for all of them. A head that drives any screen reads
/// either as `pending`.
public protocol InputAnswer {
  /// The answer as a recording that may come later; an answer known now is already in it.
  var pending: PendingResult { get }
}

extension InputResult: InputAnswer {
  /// The answer, recorded and finished.
  public var pending: PendingResult { Replayed.answered(self) }
}

extension AnyPublisher: InputAnswer where Output == InputResult, Failure == Never {
  /// The answer itself.
  public var pending: PendingResult { self }
}

extension InputResult: Codable {
  private enum CodingKeys: String, CodingKey { case accepted, refusal }

  /// `{"accepted": true}` or `{"accepted": false, "refusal": "…"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isAccepted, forKey: .accepted)
    try container.encodeIfPresent(message, forKey: .refusal)
  }

  /// Reads what `encode(to:)` writes; a refusal with no text is refused as malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decode(Bool.self, forKey: .accepted) {
      self = .accepted
    } else {
      self = .rejected(try container.decode(String.self, forKey: .refusal))
    }
  }
}
