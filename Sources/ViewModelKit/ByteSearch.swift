/// Substring search over UTF-8 bytes, for filters that fold their text once and then
/// compare many rows quickly. UTF-8 is self-synchronising, so a byte match of two folded
/// strings is a substring match.
public enum ByteSearch {
  /// Whether `haystack` contains `needle` (an empty needle is always contained).
  public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    guard needle.count <= haystack.count else { return false }
    var start = 0
    let last = haystack.count - needle.count
    outer: while start <= last {
      if haystack[start] == first {
        var offset = 1
        while offset < needle.count {
          if haystack[start + offset] != needle[offset] {
            start += 1
            continue outer
          }
          offset += 1
        }
        return true
      }
      start += 1
    }
    return false
  }
}
