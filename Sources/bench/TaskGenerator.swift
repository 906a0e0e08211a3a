import Foundation
import GRDB

/// The benchmark's store: tasks with titles of 20–80 characters, some non-ASCII, two thirds
/// due, from a generator with a fixed seed, so every run measures the same data.
enum TaskGenerator {
  /// Fills the store at `file` with `count` tasks (two thirds due), in one transaction.
  static func fill(_ file: URL, count: Int, from start: Date) throws {
    let words = [
      "milk", "card", "café", "garden", "passport", "東京", "letter", "boiler", "paint", "book",
      "call",
      "ticket",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
    let database = try DatabaseQueue(path: file.path)
    try database.write { db in
      let statement = try db.makeStatement(
        sql: "INSERT INTO task (title, added, checked) VALUES (?, ?, ?)")
      let base = start.millisecondsSince1970
      for i in 0..<count {
        var title = ""
        while title.count < 20 + Int(next() % 60) {
          title += words[Int(next() % UInt64(words.count))] + " "
        }
        let added = base + Int64(i) * 1000
        let checked: Int64? = i % 3 == 0 ? added + 500 : nil
        try statement.execute(arguments: [
          title.trimmingCharacters(in: .whitespaces), added, checked,
        ])
      }
    }
  }
}
