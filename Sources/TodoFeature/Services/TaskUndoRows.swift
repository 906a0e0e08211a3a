import Foundation
import GRDB

/// The `task_undo` table: the changes a SQLite store keeps to take back, with the rules every
/// store follows (`TaskJournal`): the newest `TaskUndoStep.kept`, and a rename right after a
/// task's creation is part of that creation.
enum TaskUndoRows {
  static func record(_ step: TaskUndoStep, _ db: Database) throws {
    if step.kind == .changed, step.before?.title.isEmpty == true,
      let newest = try newest(db), newest.step.kind == .added, newest.step.uid == step.uid
    {
      return
    }
    try db.execute(
      sql: """
        INSERT INTO task_undo (kind, uid, title, added, checked, due, priority, tags)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        step.kind.rawValue, step.uid, step.before?.title,
        step.before?.added.millisecondsSince1970, step.before?.checked?.millisecondsSince1970,
        step.before?.due?.text, step.before?.priority?.rawValue,
        step.before.map { TaskTags.stored($0.tags) },
      ])
    try db.execute(
      sql: "DELETE FROM task_undo WHERE id <= (SELECT max(id) FROM task_undo) - ?",
      arguments: [TaskUndoStep.kept])
  }

  /// The newest kept change and its row id; a row that does not read as one (edited by hand)
  /// is dropped and the next one read.
  static func newest(_ db: Database) throws -> (id: Int64, step: TaskUndoStep)? {
    while let row = try Row.fetchOne(
      db,
      sql: """
        SELECT id, kind, uid, title, added, checked, due, priority, tags
        FROM task_undo ORDER BY id DESC LIMIT 1
        """
    ) {
      // Read by throwing decodes: a value of the wrong type (the file edited by hand) is a
      // step that does not read, not a trap.
      guard let id = try? row.decode(Int64.self, forColumn: "id") else { return nil }
      if let step = step(row) { return (id, step) }
      try drop(id, db)
    }
    return nil
  }

  static func drop(_ id: Int64, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM task_undo WHERE id = ?", arguments: [id])
  }

  /// Forgets a task's creation and what followed it (a new task the editor discarded).
  static func forgetCreation(of uid: Int64, _ db: Database) throws {
    try db.execute(
      sql: """
        DELETE FROM task_undo WHERE id >= (
          SELECT max(id) FROM task_undo WHERE uid = ? AND kind = 'added')
        """, arguments: [uid])
  }

  static func count(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT count(*) FROM task_undo") ?? 0
  }

  private static func step(_ row: Row) -> TaskUndoStep? {
    func read<T: DatabaseValueConvertible>(_ type: T.Type, _ column: String) -> T? {
      (try? row.decode(T?.self, forColumn: column)) ?? nil
    }
    guard let kindText = read(String.self, "kind"),
      let kind = TaskUndoStep.Kind(rawValue: kindText), let uid = read(Int64.self, "uid")
    else { return nil }
    guard kind != .added else { return TaskUndoStep(kind: .added, uid: uid, before: nil) }
    guard let title = read(String.self, "title"), let added = read(Int64.self, "added") else {
      return nil
    }
    let checked = read(Int64.self, "checked")
    return TaskUndoStep(
      kind: kind, uid: uid,
      before: TaskItem(
        uid: uid, title: title, added: Date(millisecondsSince1970: added),
        checked: checked.map { Date(millisecondsSince1970: $0) },
        due: read(String.self, "due").flatMap { TaskDay(text: $0) },
        priority: read(String.self, "priority").flatMap { TaskPriority(rawValue: $0) },
        tags: read(String.self, "tags").map(TaskTags.read) ?? []))
  }
}
