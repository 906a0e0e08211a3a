import ViewModelKit

// The ways an app's command set names a state field as an output: how it reads as text, and
// which of the state's values is its data under `--json` (written in its wire form, never
// built by the app). An app's CLI folder says only these.

extension CLIOutput {
  /// A field read as `text` and written as `data`'s wire form; hidden while `shown` says no.
  public static func field<State, Data: Encodable & Equatable & Sendable>(
    _ name: String, initial: Bool, _ state: Driver<State>, text: @escaping (State) -> String,
    data: @escaping (State) -> Data, shown: @escaping (State) -> Bool = { _ in true }
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) {
      shown($0) ? .data(text: text($0), json: .encoded(data($0))) : .hidden
    }
  }

  /// A text field, hidden while `shown` says no.
  public static func text<State>(
    _ name: String, initial: Bool, _ state: Driver<State>, shown: @escaping (State) -> Bool,
    _ text: @escaping (State) -> String
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { shown($0) ? .text(text($0)) : .hidden }
  }

  /// A true/false field, hidden while `shown` says no.
  public static func flag<State>(
    _ name: String, initial: Bool, _ state: Driver<State>, shown: @escaping (State) -> Bool,
    _ flag: @escaping (State) -> Bool
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { shown($0) ? .flag(flag($0)) : .hidden }
  }

  /// Text or nothing: `null` under `--json`, nothing after the colon in text.
  public static func optional<State>(
    _ name: String, initial: Bool, _ state: Driver<State>, _ field: KeyPath<State, String?>
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { .optional($0[keyPath: field]) }
  }

  /// A list: each row a text line, and under `--json` the list of each row's data.
  public static func rows<State, Row, Data: Encodable & Equatable & Sendable>(
    _ name: String, initial: Bool, textCap: Int? = nil, _ state: Driver<State>,
    _ rows: @escaping (State) -> [Row], text: @escaping (Row) -> String,
    data: @escaping (Row) -> Data
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, textCap: textCap, driver: state) { state in
      let rows = rows(state)
      return .list(rows: rows.map(text), json: rows.map { .encoded(data($0)) })
    }
  }

  /// A list whose rows read as several lines each (an order, then its lines), and under
  /// `--json` the list of each row's data.
  public static func rows<State, Row, Data: Encodable & Equatable & Sendable>(
    _ name: String, initial: Bool, _ state: Driver<State>, _ rows: @escaping (State) -> [Row],
    lines: @escaping (Row) -> [String], data: @escaping (Row) -> Data
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { state in
      let rows = rows(state)
      return .list(rows: rows.flatMap(lines), json: rows.map { .encoded(data($0)) })
    }
  }

  /// A list of groups, each a title line then its items, cut to `cap` items a group when
  /// printed on its own (`… and 3 more`); printed in full when a command asks for it whole.
  /// Under `--json`, each group's `excerpt` of that many items. An item's `meaning` colours
  /// its line where the output colours.
  public static func groups<State, Group, Item, Excerpt: Encodable & Equatable & Sendable>(
    _ name: String, initial: Bool, cap: Int, _ state: Driver<State>,
    _ groups: @escaping (State) -> [Group], title: @escaping (Group) -> String,
    items: @escaping (Group) -> [Item], line: @escaping (Item) -> String,
    meaning: @escaping (Item) -> LineMeaning? = { _ in nil }, empty: String,
    excerpt: @escaping (Group, Int?) -> Excerpt
  ) -> CLIOutput {
    CLIOutput(name, initial: initial, driver: state) { state in
      let groups = groups(state)
      func rows(_ limit: Int?) -> [CLILine] {
        groups.flatMap { group -> [CLILine] in
          let all = items(group)
          let shown = limit.map { Array(all.prefix($0)) } ?? all
          var rows = [CLILine(title(group))] + shown.map { CLILine(line($0), meaning: meaning($0)) }
          if all.isEmpty { rows.append(CLILine(empty)) }
          if let limit, all.count > limit {
            rows.append(CLILine("… and \(all.count - limit) more"))
          }
          return rows
        }
      }
      func json(_ limit: Int?) -> JSONValue { .array(groups.map { .encoded(excerpt($0, limit)) }) }
      return .cappedList(
        capped: rows(cap), cappedJSON: json(cap),
        whole: WholeList(rows: { rows(nil) }, json: { json(nil) }))
    }
  }
}

extension CommandReply {
  /// A one-line answer whose data is `data`'s wire form.
  public init<Data: Encodable & Equatable & Sendable>(_ name: String, _ text: String, data: Data) {
    self.init(name, text, json: .encoded(data))
  }
}
