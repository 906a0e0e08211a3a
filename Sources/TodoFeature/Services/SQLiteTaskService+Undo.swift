import Foundation
import GRDB
import ViewModelKit

// Taking changes back: the journal each change writes in its own transaction (`TaskUndoRows`),
// read by `undo()` in one transaction, from any process.
extension SQLiteTaskService {
  public var undoDepth: AnyPublisher<Int, TaskServiceError> {
    Deferred { [self] in
      wantUndoDepth()
      return undoDepthRelay.compactMap { $0 }.removeDuplicates()
        .setFailureType(to: TaskServiceError.self)
    }
    .eraseToAnyPublisher()
  }

  public func undo() -> AnyPublisher<TaskUndone, TaskServiceError> {
    transact(failure: .undoFailed) { db -> (Patch, TaskUndone?) in
      // The newest change whose task is still as it left it; others are passed over.
      while let (id, step) = try TaskUndoRows.newest(db) {
        try TaskUndoRows.drop(id, db)
        let stored = try TaskRows.row(db, uid: step.uid)
        switch (step.kind, stored, step.before) {
        case (.added, let stored?, _):
          try db.execute(sql: "DELETE FROM task WHERE uid = ?", arguments: [step.uid])
          return (.remove(stored), TaskUndone(kind: .added, task: stored))
        case (.changed, let stored?, let before?):
          try TaskRows.write(before, db)
          return (.put(before, replacing: stored), TaskUndone(kind: .changed, task: before))
        case (.deleted, nil, let before?):
          try TaskRows.insert(before, db)
          return (.put(before, replacing: nil), TaskUndone(kind: .deleted, task: before))
        default: continue
        }
      }
      throw TaskServiceError.nothingToUndo
    }
  }

  public func discard(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    transact(failure: .deletionFailed(task)) { db -> (Patch, TaskItem?) in
      guard let stored = try TaskRows.row(db, uid: task.uid) else { return (.refused, nil) }
      try db.execute(sql: "DELETE FROM task WHERE uid = ?", arguments: [task.uid])
      try TaskUndoRows.forgetCreation(of: task.uid, db)
      return (.remove(stored), stored)
    }
  }

  /// Counts the kept changes the first time the depth is asked for, waited for as the rows are.
  private func wantUndoDepth() {
    if firstAsk(\.undoWanted) { onQueueNow { countUndo() } }
  }

  /// Counts the kept changes again (after a change, or another process's commit).
  func countUndo() {
    let count = try? database.read { try TaskUndoRows.count($0) }
    undoDepthRelay.accept(count ?? 0)
  }
}
