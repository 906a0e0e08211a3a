import Foundation
import TodoFeature
import ViewModelKit

extension Executables {
  /// Makes the todo store in `folder` as the TUI makes it, with the five starter tasks (uids
  /// 1–5), for a test that reads them through the CLI: a store the CLI or the page makes
  /// starts empty (issue 52).
  static func storeMadeByTheTUI(in folder: URL) throws {
    _ = try SQLiteTaskService.open(
      at: folder.appendingPathComponent("todo.sqlite"), clock: { Date() },
      scheduler: DispatchQueue.test.eraseToAnyScheduler(), starterTasks: true)
  }
}
