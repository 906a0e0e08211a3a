import Foundation
import TodoFeature
import ViewModelKit

/// `list` run once from the command line: the two sections printed a page at a time as the
/// store gives them, exactly as the `sections` output prints them whole (`  Due Tasks`,
/// `  #<uid> <rowText>`, `(none)`; under `--json` `{"sections":[{"items":[…],"kind":…,"title":…},…]}`),
/// so a list of any size is never held (issue 41).
@MainActor
enum TodoListStream {
  static func pieces(of tasks: TasksViewModel) -> AnyPublisher<AnswerPiece, CommandReply> {
    let kinds: [TaskSection.Kind] = [.due, .done]
    let sections = kinds.enumerated().map { index, kind in
      section(kind, first: index == 0, pages: tasks.pages(of: kind))
    }
    let start = Just(AnswerPiece(lines: ["sections:"], json: #"{"sections":["#))
      .setFailureType(to: CommandReply.self)
    let end = Just(AnswerPiece(lines: [], json: "]}")).setFailureType(to: CommandReply.self)
    // One section after the other: `append` subscribes to the next only when one has ended.
    return sections.reduce(start.eraseToAnyPublisher()) { $0.append($1).eraseToAnyPublisher() }
      .append(end)
      .eraseToAnyPublisher()
  }

  /// One section: its title, its pages of rows, and its end.
  private static func section(
    _ kind: TaskSection.Kind, first: Bool, pages: AnyPublisher<[TaskItem], TaskServiceError>
  ) -> AnyPublisher<AnswerPiece, CommandReply> {
    let title = TaskSection(kind: kind, items: []).title
    let open = AnswerPiece(lines: ["  " + title], json: (first ? "" : ",") + #"{"items":["#)
    let close = AnswerPiece(
      lines: [], json: #"],"kind":\#(quoted(kind.rawValue)),"title":\#(quoted(title))}"#)
    return pages.mapError { CommandReply("sections", $0.message) }
      .scan((index: -1, rowsBefore: 0, page: [TaskItem]())) { previous, page in
        (previous.index + 1, previous.rowsBefore + previous.page.count, page)
      }
      .map { step -> AnswerPiece in
        if step.index == 0 && step.page.isEmpty {
          return AnswerPiece(lines: ["  (none)"], json: "")
        }
        let page = step.page
        return AnswerPiece(
          lines: { page.map { "  #\($0.uid) \($0.rowText)" } },
          json: {
            // The page encoded in one go, without its brackets: this page's items.
            guard !page.isEmpty else { return "" }
            let array = JSONValue.encoded(page).text
            let items = String(decoding: array.utf8.dropFirst().dropLast(), as: UTF8.self)
            return (step.rowsBefore > 0 ? "," : "") + items
          })
      }
      .prepend(open)
      .append(close)
      .eraseToAnyPublisher()
  }

  private static func quoted(_ text: String) -> String { JSONValue.string(text).text }
}
