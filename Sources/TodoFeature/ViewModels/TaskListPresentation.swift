// What the task list shows, computed from a listing, the counts and the filter: the display
// strings of the todo spec, kept apart from the view model's wiring.

extension TasksViewModel {
  nonisolated static func sections(_ listing: TaskListing, filter: String, matcher: TitleMatcher)
    -> [TaskSection]
  {
    let words = TitleMatcher.words(filter)
    func shown(_ rows: [TaskItem]) -> [TaskItem] {
      words.isEmpty ? rows : rows.filter { matcher.matches($0, words: words) }
    }
    return [
      TaskSection(kind: .due, items: shown(listing.due)),
      TaskSection(kind: .done, items: shown(listing.done)),
    ]
  }

  nonisolated static func statisticsText(_ counts: TaskStatistics) -> String {
    "\(counts.total) \(counts.total == 1 ? "task" : "tasks"), \(counts.due) due."
  }

  nonisolated static func tabTitleText(_ counts: TaskStatistics) -> String {
    switch counts.due {
    case 0: "Todo"
    case 1000...: "Todo (999+)"
    default: "Todo (\(counts.due))"
    }
  }

  /// What `statistics` says while the store's first read is in flight.
  nonisolated static let readingText = "Reading the task list…"

  /// The sections for one listing and filter, with what the summary line needs.
  struct Shown {
    let sections: [TaskSection]
    let total: Int
    let filter: String
    /// The whole list's counts (the filter does not change them, TD-11).
    let counts: TaskStatistics
    /// Whether the store keeps a change to take back.
    var canUndo = false
    /// No rows yet: the store's first read is in flight.
    var isReading = false

    /// Before the first read: no sections, no counts.
    static func reading(filter: String) -> Shown {
      Shown(
        sections: [], total: 0, filter: filter, counts: TaskStatistics(total: 0, due: 0),
        isReading: true)
    }

    var summary: String {
      guard !filter.isEmpty, !isReading else { return "" }
      let count = sections.reduce(0) { $0 + $1.items.count }
      return "Filter \"\(filter)\": \(count) of \(total) \(total == 1 ? "task" : "tasks")"
    }
  }

}
