import TextColumns
import ViewModelKit

/// Word wrapping by terminal cells: breaks at spaces, splits a word wider than the line,
/// keeps explicit newlines as breaks.
public enum WordWrap {
  /// `text` in lines of at most `width` cells.
  public static func lines(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var used = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var rest = String(word)
        var restWidth = TextWidth.of(rest)
        if used > 0 && used + 1 + restWidth <= width {
          line += " " + rest
          used += 1 + restWidth
          continue
        }
        if used > 0 {
          result.append(line)
          line = ""
          used = 0
        }
        while restWidth > width {
          var piece = ""
          var pieceWidth = 0
          for character in rest {
            let cells = TextWidth.of(character)
            if pieceWidth + cells > width { break }
            piece.append(character)
            pieceWidth += cells
          }
          if piece.isEmpty { piece = String(rest.first!) }
          result.append(piece)
          rest.removeFirst(piece.count)
          restWidth = TextWidth.of(rest)
        }
        line = rest
        used = restWidth
      }
      result.append(line)
    }
    return result
  }

  /// At most `limit` lines; the last one kept ends in `ellipsis` when some were cut.
  public static func lines(_ text: String, width: Int, limit: Int, ellipsis: String = "…")
    -> [String]
  {
    let all = lines(text, width: width)
    guard all.count > limit, limit > 0 else { return all }
    var kept = Array(all.prefix(limit))
    kept[limit - 1] = TextWidth.truncate(
      kept[limit - 1] + " " + ellipsis, to: width, ellipsis: ellipsis)
    if !kept[limit - 1].hasSuffix(ellipsis) {
      kept[limit - 1] =
        TextWidth.truncate(kept[limit - 1], to: max(0, width - 1), ellipsis: "")
        + ellipsis
    }
    return kept
  }
}
