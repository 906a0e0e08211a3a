import Foundation
import TerminalUI
import TextColumns
import TweetsFeature
import ViewModelKit

/// One scene's outputs as last delivered, its selection, and its drawing.
@MainActor
final class ScenePresenter: DriverBound {
  private let scene: Scene
  private let redraw: () -> Void
  private let toast: (ScreenEvent) -> Void
  /// Shows a web address on the toast line, drawn as a link.
  private let link: (String) -> Void
  var subscriptions = Set<AnyCancellable>()
  private let spinner: SpinnerClock

  /// The timeline's state as last delivered (timeline scenes).
  private var timeline: TimelineState?
  /// The member list's state as last delivered (the people scene).
  private var members: PeopleState?
  /// The selected row and the first row drawn.
  private var list = ListState()
  private var selectedID: TwitterID?
  /// Rows that arrived above a scrolled-down view since it last showed the top (E2).
  private var newAbove = 0
  /// The list's area, as the screen lays it out from the terminal's size: its width and its
  /// height in lines, so that a key scrolls by the rows' real heights.
  private var area: (width: Int, lines: Int)?

  init(
    _ scene: Scene, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void,
    toast: @escaping (ScreenEvent) -> Void, link: @escaping (String) -> Void
  ) {
    self.scene = scene
    self.redraw = redraw
    self.toast = toast
    self.link = link
    spinner = SpinnerClock(scheduler: scheduler, onTick: redraw)
    if let model = scene.timeline {
      bind(model.state) { presenter, state in
        if state.isLoading != presenter.timeline?.isLoading {
          presenter.spinner.run(state.isLoading)
        }
        if state.tweets != presenter.timeline?.tweets { presenter.setTweets(state.tweets) }
        presenter.timeline = state
      }
      model.events.emit { toast($0) }.store(in: &subscriptions)
    }
    if let model = scene.people {
      bind(model.state) { presenter, state in
        if state.isLoading != presenter.members?.isLoading {
          presenter.spinner.run(state.isLoading)
        }
        presenter.members = state
      }
    }
  }

  func didReceiveValue() { redraw() }

  /// Where the list stands, from the screen's layout (at start and on each resize).
  func setArea(width: Int, lines: Int) {
    area = (width, lines)
    list.clamp(in: listRows, visible: visibleLines)
  }

  /// The lines the rows get: the area's, less the new-tweets marker's while it shows.
  private var visibleLines: Int {
    guard let area else { return max(1, count) }
    return max(1, area.lines - (newAbove > 0 && list.offset > 0 ? 1 : 0))
  }

  /// Reading from the top again clears the new-tweets count.
  private func sawTheTop() { if list.offset == 0 { newAbove = 0 } }

  /// New rows keep the selection on the same tweet when rows come in above it.
  private func setTweets(_ rows: [TweetRow]) {
    let visible = visibleLines
    let index = selectedID.flatMap { id in rows.firstIndex { $0.id == id } }
    if let index, index > list.selection, list.offset > 0 {
      // New rows above a scrolled view: keep the view where it was, and count them.
      newAbove += index - list.selection
      list.shift(by: index - list.selection)
      list.clamp(in: tweetRows(rows), visible: visible)
    } else if let index {
      list.select(index, in: tweetRows(rows), visible: visible)
    } else {
      list.clamp(in: tweetRows(rows), visible: visible)
    }
    selectedID = rows.isEmpty ? nil : rows[list.selection].id
    sawTheTop()
  }

  /// One tweet as drawn: its header, then its text wrapped under it (at most 8 lines; the
  /// ellipsis that ends a cut one changes no count of lines).
  private static func block(_ row: TweetRow, width: Int, ellipsis: String = "…") -> [String] {
    [row.header(fitting: width - 1)]
      + WordWrap.lines(
        row.mark.isEmpty ? row.text : "\(row.mark) \(row.text)", width: width - 3, limit: 8,
        ellipsis: ellipsis)
  }

  /// The tweets as the list state sees them: as many lines high as they are drawn.
  private func tweetRows(_ rows: [TweetRow]) -> ListRows {
    guard let area else { return ListRows(count: rows.count) }
    return ListRows(count: rows.count, height: { Self.block(rows[$0], width: area.width).count })
  }

  /// The rows of the shown list (tweets, or members of two lines each).
  private var listRows: ListRows {
    isTimeline ? tweetRows(tweets) : ListRows(count: people.count, height: { _ in 2 })
  }

  var isTimeline: Bool { scene.people == nil }

  /// The timeline's rows (none on the people scene).
  private var tweets: [TweetRow] { timeline?.tweets ?? [] }
  /// The members (none on a timeline).
  private var people: [PersonRow] { members?.people ?? [] }
  /// Whether `o` would load older tweets now.
  var canLoadOlder: Bool { timeline?.canLoadOlder ?? false }
  /// The timeline's filter text (extension E3).
  var filter: String { timeline?.filterText ?? "" }

  private var count: Int { isTimeline ? tweets.count : people.count }
  var isAtEnd: Bool { list.selection >= count - 1 }

  func move(by delta: Int) {
    guard count > 0 else { return }
    list.move(by: delta, in: listRows, visible: visibleLines)
    if isTimeline { selectedID = tweets[list.selection].id }
    sawTheTop()
  }

  /// Selects the row drawn `line` lines below the list's top (row 4): a click. False when no
  /// row is there.
  @discardableResult
  func select(atLine line: Int) -> Bool {
    guard line < visibleLines, let index = list.row(atLine: line, in: listRows), index < count
    else { return false }
    list.select(index, in: listRows, visible: visibleLines)
    if isTimeline { selectedID = tweets[list.selection].id }
    sawTheTop()
    return true
  }

  func moveToStart() { move(by: -count) }
  func moveToEnd() { move(by: count) }

  var selectedPersonIndex: Int? { isTimeline || people.isEmpty ? nil : list.selection }

  var selectedAuthor: String? {
    guard isTimeline, tweets.indices.contains(list.selection) else { return nil }
    let username = tweets[list.selection].authorUsername
    return username.isEmpty ? nil : username
  }

  /// The selected tweet's web link, on the toast line (extension E5).
  func showLink() {
    guard isTimeline, tweets.indices.contains(list.selection) else { return }
    link(tweets[list.selection].link)
  }

  // Inputs go to the scene's model; a refusal shows on the toast line.

  /// Sends `input` to the scene's timeline, if it shows one.
  func send(_ input: TimelineInput) {
    if let refusal = scene.timeline?.send(input).message { toast(.failure(refusal)) }
  }

  /// Sends `input` to the scene's member list, if it shows one.
  func send(_ input: PeopleInput) {
    if let refusal = scene.people?.send(input).message { toast(.failure(refusal)) }
  }

  func selectPerson(at index: Int) { send(.select(index: index)) }
  func showPeople() { send(TimelineInput.showPeople) }
  func setFilter(_ text: String) { send(.setFilter(text: text)) }
  func loadOlder() { send(.loadOlder) }
  func openAuthor(_ username: String) { send(TimelineInput.showPerson(username: username)) }

  /// The selected tweet's thread (issue 42).
  func openThread() {
    guard isTimeline, tweets.indices.contains(list.selection) else { return }
    send(TimelineInput.showThread(id: tweets[list.selection].id))
  }

  func refreshOrRetry() {
    send(TimelineInput.refresh)
    send(PeopleInput.retry)
  }

  /// Leaves the scene (the timeline's or the people's own `back`).
  func back() {
    send(TimelineInput.back)
    send(PeopleInput.back)
  }

  /// Back to the list timeline.
  func showList() {
    send(TimelineInput.showList)
    send(PeopleInput.showList)
  }

  /// Pauses or resumes fetching, app-wide, from whichever scene is shown.
  func togglePaused() {
    send(TimelineInput.togglePaused)
    send(PeopleInput.togglePaused)
  }

  // MARK: Drawing

  /// Title (row 1), status (row 2), then the rows from row 4 to `bottom`.
  func draw(
    _ painter: Painter, left: Int, width: Int, bottom: Int, compact: Bool, focused: Bool
  ) {
    guard width > 2 else { return }
    var heading = " " + (timeline?.title ?? members?.title ?? "")
    if timeline?.isLoading ?? members?.isLoading ?? false {
      heading += " " + painter.spinner(spinner.tick)
    }
    painter.fitted(heading, row: 1, column: left, width: width, style: .bold)
    // Offline, the list is the bundled sample: the title line says so on the right.
    let note = timeline?.sampleNote ?? ""
    painter.text(
      note, row: 1, column: left + max(0, width - 1 - painter.cellWidth(of: note)), style: .dim)
    if let timeline {
      let status = timeline.status
      let line = filter.isEmpty ? status : "\(status)  Filter: \(filter)"
      painter.fitted(" " + line, row: 2, column: left, width: width)
    }
    let top = 4
    guard bottom >= top else { return }
    if isTimeline {
      drawTweets(painter, left: left, width: width, top: top, bottom: bottom, focused: focused)
    } else {
      drawPeople(
        painter, left: left, width: width, top: top, bottom: bottom, compact: compact,
        focused: focused)
    }
  }

  private func drawTweets(
    _ painter: Painter, left: Int, width: Int, top: Int, bottom: Int, focused: Bool
  ) {
    let lastRow = bottom - 1  // the last content row holds the footer
    if tweets.isEmpty, let placeholder = timeline?.placeholder {
      // With a filter that matches nothing, the rows are gone but the placeholder is "".
      let text = placeholder.isEmpty ? TimelineState.noMatches : placeholder
      painter.fitted(" " + text, row: top, column: left, width: width, style: .dim)
    }
    var top = top
    if newAbove > 0 && list.offset > 0 {
      let marker = TimelineState.newTweetsNote(count: newAbove)
      painter.fitted(" " + marker, row: top, column: left, width: width, style: .bold)
      top += 1
    }
    // The list as the keys left it, seen through the lines that fit now.
    let list = list.clamped(in: tweetRows(tweets), visible: max(1, lastRow - top + 1))
    var row = top
    var index = list.offset
    while index < tweets.count, row <= lastRow {
      let lines = Self.block(tweets[index], width: width, ellipsis: painter.ellipsis)
      for (number, line) in lines.enumerated() where row <= lastRow {
        if number == 0 {
          let selected = index == list.selection && focused
          painter.text(selected ? ">" : " ", row: row, column: left, style: .bold)
          painter.fitted(line, row: row, column: left + 1, width: width - 1, style: .bold)
        } else {
          painter.fitted("   " + line, row: row, column: left, width: width)
        }
        row += 1
      }
      index += 1
    }
    let footer = timeline?.footer ?? ""
    let note = footer.isEmpty ? (canLoadOlder ? "(more: o)" : "") : footer
    if !note.isEmpty {
      let noteWidth = TextWidth.of(note)
      painter.fitted(
        note, row: bottom, column: left + max(0, width - noteWidth - 1), width: width, style: .dim)
    }
  }

  private func drawPeople(
    _ painter: Painter, left: Int, width: Int, top: Int, bottom: Int, compact: Bool, focused: Bool
  ) {
    if let members, !members.message.isEmpty {
      let text = members.canRetry ? members.message + "  r retry" : members.message
      let column = left + max(0, (width - TextWidth.of(text)) / 2)
      painter.fitted(text, row: (top + bottom) / 2, column: column, width: width - (column - left))
      return
    }
    let perPerson = 2
    let list = list.clamped(
      in: ListRows(count: people.count, height: { _ in perPerson }), visible: bottom - top + 1)
    var row = top
    for (index, person) in people.enumerated().dropFirst(list.offset) where row < bottom {
      let selected = index == list.selection && focused
      painter.text(selected ? ">" : " ", row: row, column: left, style: .bold)
      painter.fitted(
        compact ? person.name : person.display, row: row, column: left + 1, width: width - 1,
        style: selected ? .reverse : .plain)
      painter.fitted(
        compact ? "   " + person.handle : "   " + person.about, row: row + 1, column: left,
        width: width, style: .dim)
      row += perPerson
    }
  }
}
