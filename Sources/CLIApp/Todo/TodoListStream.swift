import Foundation
import TodoFeature
import ViewModelKit

/// `list` run once from the command line: the two sections streamed from the store a page at a
/// time (`StreamedGroups`), printed exactly as the `sections` output prints them whole, so a
/// list of any size is never held (issue 41).
@MainActor
enum TodoListStream {
  /// The pieces of `list [filter]` (a filter that does not read is refused before).
  static func pieces(of tasks: TasksViewModel, filter: String) -> AnyPublisher<
    AnswerPiece, CommandReply
  > {
    let today = tasks.today
    let groups = [TaskSection.Kind.due, .done].map { kind in
      let head = TaskSection(kind: kind, items: [], today: today)
      return StreamedGroups.Group(
        head: head.excerpt(limit: nil), title: head.title,
        pages: tasks.pages(of: kind, matching: filter)
          .mapError { CommandReply("sections", $0.message) }
          .eraseToAnyPublisher())
    }
    return StreamedGroups.pieces(
      "sections", itemsKey: "items", groups: groups,
      line: { TodoCLI.row($0, details: $0.detailsText(today: today)) },
      meaning: { TodoCLI.meaning($0, $0.dueStatus(today: today)) }, empty: "(none)")
  }
}
