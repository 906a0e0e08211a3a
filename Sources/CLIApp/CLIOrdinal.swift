/// Numbers typed as command arguments: row numbers (`link 3`, `open #2`) and task ids
/// (`#14`). Only plain ASCII digits count, so `+1`, `-1`, `1e3` and `٣` are refused, and a
/// number too large for `Int` is refused rather than trapping.
enum CLIOrdinal {
  /// `text` as a whole number of at least 1 written with digits only; nil otherwise.
  static func parse<S: StringProtocol>(_ text: S) -> Int? {
    guard !text.isEmpty, text.utf8.count <= 19,
      text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let value = Int(text), value >= 1
    else { return nil }
    return value
  }
}
