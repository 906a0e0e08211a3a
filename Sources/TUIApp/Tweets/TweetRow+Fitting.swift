import TextColumns
import TweetsFeature
import ViewModelKit

// How a tweet's header fits a pane, in terminal cells: the TUI's concern, not the feature's
// (issue 39, item 4). The row's `header` is the whole text every head may show.

extension TweetRow {
  /// `header` when it fits in `width` cells; otherwise shortened before ` · <age>`: the name
  /// first (ending in `…`), then everything before the age, then the age alone.
  public func header(fitting width: Int) -> String {
    if TextWidth.of(header) <= width { return header }
    let suffix = " · \(age)"
    if !authorUsername.isEmpty {
      let handle = " @\(authorUsername)"
      let room = width - TextWidth.of(handle + suffix) - 1
      if room > 0, let name = leadingText(authorName, cells: room) {
        return name + "…" + handle + suffix
      }
    }
    let before = String(header.dropLast(suffix.count))
    let room = width - TextWidth.of(suffix) - 1
    if room > 0, let kept = leadingText(before, cells: room) {
      return kept + "…" + suffix
    }
    return leadingText(age, cells: width) ?? ""
  }
}

/// The longest start of `text` within `cells` (measured by `TextWidth`), trailing spaces
/// dropped; nil when nothing fits.
private func leadingText(_ text: String, cells: Int) -> String? {
  var used = 0
  var kept = ""
  for character in text {
    let width = TextWidth.of(character)
    if used + width > cells { break }
    used += width
    kept.append(character)
  }
  while kept.last == " " { kept.removeLast() }
  return kept.isEmpty ? nil : kept
}
