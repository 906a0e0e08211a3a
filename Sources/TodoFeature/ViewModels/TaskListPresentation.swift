// What the task list shows, computed from a listing, the counts and the filter: the display
// strings of the todo spec, kept apart from the view model's wiring.

extension TasksViewModel {
  /// The two sections of `listing` on `today`, with only the tasks `filter` matches
  /// (`TaskQuery`); a filter with a term that does not read matches none, and says why.
  nonisolated static func sections(
    _ listing: TaskListing, filter: String, matcher: TitleMatcher, today: TaskDay
  ) -> (sections: [TaskSection], problem: String?) {
    let query: TaskQuery
    var problem: String?
    switch TaskQuery.parse(filter, today: today) {
    case .success(let parsed): query = parsed
    case .failure(let error): (query, problem) = (TaskQuery(), error.message)
    }
    func shown(_ rows: [TaskItem]) -> [TaskItem] {
      if problem != nil { return [] }
      return query.isEmpty ? rows : rows.filter { query.matches($0, matcher: matcher) }
    }
    let sections = [
      TaskSection(kind: .due, items: shown(listing.due), today: today),
      TaskSection(kind: .done, items: shown(listing.done), today: today),
    ]
    return (sections, problem)
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
    /// Why the filter matches nothing: a term of it does not read (`due.before:soon`).
    var problem: String?

    /// Before the first read: no sections, no counts.
    static func reading(filter: String) -> Shown {
      Shown(
        sections: [], total: 0, filter: filter, counts: TaskStatistics(total: 0, due: 0),
        isReading: true)
    }

    var summary: String {
      guard !filter.isEmpty, !isReading else { return "" }
      if let problem { return "Filter \"\(filter)\": \(problem)" }
      let count = sections.reduce(0) { $0 + $1.items.count }
      return "Filter \"\(filter)\": \(count) of \(total) \(total == 1 ? "task" : "tasks")"
    }
  }

}
