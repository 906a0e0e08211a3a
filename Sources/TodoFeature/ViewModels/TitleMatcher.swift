import Foundation
import ViewModelKit

/// Matches titles against filter words, ignoring case and diacritics. Each title is folded
/// once and kept, so filtering 100,000 tasks compares bytes instead of folding again.
final class TitleMatcher {
  private var folded: [Int64: (title: String, bytes: [UInt8])] = [:]

  /// Whether every word occurs in the task's title.
  func matches(_ task: TaskItem, words: [[UInt8]]) -> Bool {
    let bytes = foldedTitle(task)
    return words.allSatisfy { ByteSearch.contains(bytes, $0) }
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
}
