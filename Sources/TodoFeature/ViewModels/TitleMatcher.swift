import Foundation

/// Matches titles against filter words, ignoring case and diacritics. Each title is folded
/// once and kept, so filtering 100,000 tasks compares bytes instead of folding again.
final class TitleMatcher {
  private var folded: [Int64: (title: String, bytes: [UInt8])] = [:]

  /// Whether every word occurs in the task's title.
  func matches(_ task: TaskItem, words: [[UInt8]]) -> Bool {
    let bytes = foldedTitle(task)
    return words.allSatisfy { Self.contains(bytes, $0) }
  }

  /// The words of a filter text, folded the same way.
  static func words(_ filter: String) -> [[UInt8]] {
    filter.split(whereSeparator: \.isWhitespace).map { Array(fold(String($0)).utf8) }
  }

  private func foldedTitle(_ task: TaskItem) -> [UInt8] {
    if let cached = folded[task.uid], cached.title == task.title { return cached.bytes }
    let bytes = Array(Self.fold(task.title).utf8)
    folded[task.uid] = (task.title, bytes)
    return bytes
  }

  static func fold(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
  }

  /// Whether `haystack` contains `needle`, byte for byte.
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count else { return false }
    let first = needle[0]
    let last = haystack.count - needle.count
    var start = 0
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
