import Foundation
import ViewModelKit

/// An output of groups of rows (`sections`: titled groups of tasks) answered a page at a time,
/// as `.groups` prints it whole: the name, each group's title, its rows (the empty text for an
/// empty group); under `--json` one document, `{"<name>": [group, …]}`, each group its wire form
/// with the rows written into it page by page. Nothing but the current page is held.
@MainActor
public enum StreamedGroups {
  /// One group: its wire form with an empty `itemsKey` array, the title its text shows, and
  /// the pages of its rows (the first always comes, empty for an empty group).
  public struct Group<Head: Encodable & Equatable & Sendable, Row: Encodable & Equatable & Sendable>
  {
    let head: Head
    let title: String
    let pages: AnyPublisher<[Row], CommandReply>

    public init(head: Head, title: String, pages: AnyPublisher<[Row], CommandReply>) {
      self.head = head
      self.title = title
      self.pages = pages
    }
  }

  /// The pieces of the answer, one group after the other.
  public static func pieces<Head, Row>(
    _ name: String, itemsKey: String, groups: [Group<Head, Row>], line: @escaping (Row) -> String,
    meaning: @escaping (Row) -> LineMeaning? = { _ in nil }, empty: String
  ) -> AnyPublisher<AnswerPiece, CommandReply> {
    let start = Just(AnswerPiece(lines: [name + ":"], json: "{" + JSONValue.quote(name) + ":["))
      .setFailureType(to: CommandReply.self).eraseToAnyPublisher()
    let end = Just(AnswerPiece(lines: [], json: "]}")).setFailureType(to: CommandReply.self)
    // `append` subscribes to a group only when the one before has ended.
    return groups.enumerated().reduce(start) { pieces, group in
      pieces.append(
        Self.group(
          group.element, first: group.offset == 0, itemsKey: itemsKey, line: line,
          meaning: meaning, empty: empty)
      )
      .eraseToAnyPublisher()
    }
    .append(end)
    .eraseToAnyPublisher()
  }

  private static func group<Head, Row>(
    _ group: Group<Head, Row>, first: Bool, itemsKey: String, line: @escaping (Row) -> String,
    meaning: @escaping (Row) -> LineMeaning?, empty: String
  ) -> AnyPublisher<AnswerPiece, CommandReply> {
    // The head's wire form split where its empty rows array stands: its keys are written
    // sorted, and a key's quotes cannot occur unescaped inside a string value.
    let wire = JSONValue.encoded(group.head).text
    let marker = JSONValue.quote(itemsKey) + ":[]"
    let parts = wire.components(separatedBy: marker)
    let (before, after) =
      parts.count == 2 ? (parts[0] + JSONValue.quote(itemsKey) + ":[", "]" + parts[1]) : ("[", "]")
    let open = AnswerPiece(lines: ["  " + group.title], json: (first ? "" : ",") + before)
    let close = AnswerPiece(lines: [], json: after)
    return group.pages
      .scan((index: -1, rowsBefore: 0, page: [Row]())) { previous, page in
        (previous.index + 1, previous.rowsBefore + previous.page.count, page)
      }
      .map { step -> AnswerPiece in
        if step.index == 0 && step.page.isEmpty {
          return AnswerPiece(lines: ["  " + empty], json: "")
        }
        let page = step.page
        return AnswerPiece(
          lines: { page.map { CLILine("  " + line($0), meaning: meaning($0)) } },
          json: {
            // The page encoded in one go, without its brackets: this page's rows.
            guard !page.isEmpty else { return "" }
            let array = JSONValue.encoded(page).text
            let rows = String(decoding: array.utf8.dropFirst().dropLast(), as: UTF8.self)
            return (step.rowsBefore > 0 ? "," : "") + rows
          })
      }
      .prepend(open)
      .append(close)
      .eraseToAnyPublisher()
  }
}
