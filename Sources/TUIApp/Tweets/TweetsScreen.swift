import Foundation
import TerminalUI
import TweetsFeature
import ViewModelKit

/// Tab 2: the navigator's scenes, one at a time below 100 columns, or the people pane
/// beside the timeline from 100 columns. Keys become the scenes' inputs; rows come from
/// `TweetRow.header(fitting:)` and the rows' text.
@MainActor
public final class TweetsScreen: AppScreen {
  private let session: TweetsSession
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let redraw: () -> Void
  private var subscriptions = Set<AnyCancellable>()
  private lazy var toast = Toast(scheduler: scheduler) { [weak self] in self?.redraw() }
  private var presenters: [ObjectIdentifier: ScenePresenter] = [:]
  private var scenes: [Scene] = []
  private var split = false
  private var peopleFocused = false
  /// The filter field (extension E3), while open.
  private var filterField: TextField?

  private var navigator: TweetsNavigator { session.navigator }

  public init(
    session: TweetsSession, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void
  ) {
    self.session = session
    self.scheduler = scheduler
    self.redraw = redraw
    session.navigator.scenes.drive { [weak self] scenes in
      self?.show(scenes)
    }
    .store(in: &subscriptions)
    session.navigator.message.emit { [weak self] in self?.toast.show($0) }.store(in: &subscriptions)
  }

  private func show(_ scenes: [Scene]) {
    self.scenes = scenes
    var kept: [ObjectIdentifier: ScenePresenter] = [:]
    for scene in scenes {
      let key = ScenePresenter.key(scene)
      kept[key] =
        presenters[key]
        ?? ScenePresenter(
          scene, scheduler: scheduler, redraw: { [weak self] in self?.redraw() },
          toast: { [weak self] in self?.toast.show($0) })
    }
    presenters = kept
    if !split || scenes.last?.id != .listPeople { peopleFocused = split && peopleFocused }
    redraw()
  }

  private var top: ScenePresenter? { scenes.last.flatMap { presenters[ScenePresenter.key($0)] } }

  /// In split layout: the people pane and the top timeline.
  private var peoplePresenter: ScenePresenter? {
    scenes.first { $0.id == .listPeople }.flatMap { presenters[ScenePresenter.key($0)] }
  }

  private var timelinePresenter: ScenePresenter? {
    scenes.last { $0.id != .listPeople }.flatMap { presenters[ScenePresenter.key($0)] }
  }

  /// The pane keys go to.
  private var focused: ScenePresenter? {
    split ? (peopleFocused ? peoplePresenter : timelinePresenter) : top
  }

  // MARK: AppScreen

  public var hasFocusedField: Bool { filterField != nil }
  public var hasOverlay: Bool { false }

  public var hints: [Hint] {
    if filterField != nil { return [Hint("Enter", "keep filter"), Hint("Esc", "clear filter")] }
    var hints = [Hint("Enter", "open"), Hint("m", "people")]
    if let focused, focused.isTimeline {
      hints += [
        Hint("p", "pause"), Hint("r", "refresh"), Hint("o", "older", enabled: focused.canLoadOlder),
      ]
    } else {
      hints += [Hint("p", "pause"), Hint("r", "retry")]
    }
    hints.append(Hint("Esc", "back"))
    return hints
  }

  public var helpLines: [(key: String, meaning: String)] {
    [
      ("↑/k ↓/j PgUp PgDn g G", "move"), ("Enter", "open the person (or the tweet's author)"),
      ("m", "people (split: focus the people pane)"), ("← h Esc Backspace", "back"),
      ("→ l", "split: focus the timeline"), ("p", "pause or resume fetching"),
      ("r", "refresh (people: retry)"), ("o", "older tweets"),
      ("y", "show the selected tweet's link"),
      ("/", "filter the timeline (Enter keeps, Esc clears)"),
    ]
  }

  public func willQuit() {}

  public func handle(_ key: Key) -> KeyOutcome {
    guard let focused else { return .ignored }
    if var field = filterField {
      switch key {
      case .enter: filterField = nil
      case .escape:
        filterField = nil
        focused.setFilter("")
      case .controlU:
        field.set("")
        filterField = field
        focused.setFilter("")
      default:
        guard field.handle(key) else { return .ignored }
        filterField = field
        focused.setFilter(field.text)
      }
      redraw()
      return .handled
    }
    switch key {
    case .character("/") where focused.isTimeline:
      filterField = TextField(text: focused.filter)
    case .resize: return .handled
    case .up, .character("k"): focused.move(by: -1)
    case .down, .character("j"): move(focused, by: 1)
    case .pageUp: focused.move(by: -10)
    case .pageDown: move(focused, by: 10)
    case .character("g"), .home: focused.moveToStart()
    case .character("G"), .end: focused.moveToEnd()
    case .enter: open(focused)
    case .character("m"):
      if split {
        peopleFocused = true
      } else {
        focused.showPeople(navigator)
      }
    case .left, .character("h"):
      if split { peopleFocused = true } else { navigator.back() }
    case .right, .character("l"):
      if split { peopleFocused = false }
    case .escape:
      if split { navigator.showListTimeline() } else { navigator.back() }
    case .backspace:
      if !split { navigator.back() }
    case .character("p"): navigator.togglePaused()
    case .character("r"): focused.refreshOrRetry()
    case .character("o"): focused.loadOlder()
    case .character("y"): focused.showLink()
    default: return .ignored
    }
    redraw()
    return .handled
  }

  /// Moving past the last row asks for older tweets.
  private func move(_ presenter: ScenePresenter, by delta: Int) {
    if presenter.isTimeline, presenter.isAtEnd {
      presenter.loadOlder()
    } else {
      presenter.move(by: delta)
    }
  }

  private func open(_ presenter: ScenePresenter) {
    if let index = presenter.selectedPersonIndex {
      presenter.selectPerson(at: index)
      if split { peopleFocused = false }
    } else if let username = presenter.selectedAuthor {
      navigator.showPerson(username: username)
    }
  }

  // MARK: Drawing

  public func draw(_ painter: Painter) {
    let wantsSplit = painter.width >= 100
    if wantsSplit != split {
      split = wantsSplit
      navigator.setLayout(split ? .split : .stack)
    }
    let bottom = painter.height - 3
    let glyphs = painter.glyphs
    if split {
      let paneWidth = 30
      peoplePresenter?.draw(
        painter, left: 0, width: paneWidth, bottom: bottom, compact: true, focused: peopleFocused)
      for row in 1...max(1, bottom) where row != 3 {
        painter.text(glyphs.vertical, row: row, column: paneWidth)
      }
      painter.text(
        glyphs.line(paneWidth) + glyphs.cross + glyphs.line(painter.width - paneWidth - 1),
        row: 3, column: 0)
      timelinePresenter?.draw(
        painter, left: paneWidth + 1, width: painter.width - paneWidth - 1, bottom: bottom,
        compact: false, focused: !peopleFocused)
    } else {
      painter.rule(row: 3)
      top?.draw(
        painter, left: 0, width: painter.width, bottom: bottom, compact: false, focused: true)
    }
    if let filterField {
      let left = split ? 31 : 0
      let width = painter.width - left
      painter.fitted(
        String(repeating: " ", count: width), row: 2, column: left, width: width)
      painter.text(" Filter: ", row: 2, column: left, style: .bold)
      filterField.draw(
        painter, row: 2, column: left + 9, width: min(40, width - 10), focused: true)
    }
    toast.draw(painter, row: painter.height - 2)
  }
}

/// One scene's outputs as last delivered, its selection, and its drawing.
@MainActor
final class ScenePresenter {
  private let scene: Scene
  private let redraw: () -> Void
  private let toast: (String) -> Void
  private var subscriptions = Set<AnyCancellable>()
  private let spinner: SpinnerClock

  private var title = ""
  private var status = ""
  private var tweets: [TweetRow] = []
  private var placeholder = ""
  private var isLoading = false
  private var footer = ""
  private(set) var canLoadOlder = false
  private var people: [PersonRow] = []
  private var message = ""
  /// Whether the member list failed, so that `r` retries it.
  private var peopleFailed = false
  /// The timeline's filter text (extension E3).
  private(set) var filter = ""
  private var selection = 0
  private var selectedID: TwitterID?
  private var offset = 0
  /// Rows that arrived above a scrolled-down view since it last showed the top (E2).
  private var newAbove = 0

  static func key(_ scene: Scene) -> ObjectIdentifier {
    switch scene {
    case .listTimeline(let model): ObjectIdentifier(model)
    case .listPeople(let model): ObjectIdentifier(model)
    case .personTimeline(let model): ObjectIdentifier(model)
    }
  }

  init(
    _ scene: Scene, scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void,
    toast: @escaping (String) -> Void
  ) {
    self.scene = scene
    self.redraw = redraw
    self.toast = toast
    spinner = SpinnerClock(scheduler: scheduler, onTick: redraw)
    switch scene {
    case .listTimeline(let model):
      bind(model.title) { $0.title = $1 }
      bind(model.status) { $0.status = $1 }
      bind(model.tweets) { $0.setTweets($1) }
      bind(model.placeholder) { $0.placeholder = $1 }
      bind(model.isLoading) { $0.setLoading($1) }
      bind(model.footer) { $0.footer = $1 }
      bind(model.canLoadOlder) { $0.canLoadOlder = $1 }
      bind(model.filterText) { $0.filter = $1 }
      model.error.emit { toast($0) }.store(in: &subscriptions)
    case .personTimeline(let model):
      bind(model.title) { $0.title = $1 }
      bind(model.status) { $0.status = $1 }
      bind(model.tweets) { $0.setTweets($1) }
      bind(model.isLoading) { $0.setLoading($1) }
      bind(model.footer) { $0.footer = $1 }
      bind(model.canLoadOlder) { $0.canLoadOlder = $1 }
      bind(model.filterText) { $0.filter = $1 }
      model.error.emit { toast($0) }.store(in: &subscriptions)
    case .listPeople(let model):
      bind(model.title) { $0.title = $1 }
      bind(model.people) { $0.people = $1 }
      bind(model.message) { $0.message = $1 }
      bind(model.state) {
        if case .failed = $1 { $0.peopleFailed = true } else { $0.peopleFailed = false }
      }
      bind(model.isLoading) { $0.setLoading($1) }
    }
  }

  private func bind<T>(_ driver: Driver<T>, _ store: @escaping (ScenePresenter, T) -> Void) {
    driver.drive { [weak self] value in
      guard let self else { return }
      store(self, value)
      redraw()
    }
    .store(in: &subscriptions)
  }

  private func setLoading(_ loading: Bool) {
    isLoading = loading
    spinner.run(loading)
  }

  /// New rows keep the selection on the same tweet when rows come in above it.
  private func setTweets(_ rows: [TweetRow]) {
    let oldSelection = selection
    tweets = rows
    if let selectedID, let index = rows.firstIndex(where: { $0.id == selectedID }) {
      selection = index
      // New rows above a scrolled view: keep the view where it was, and count them.
      if index > oldSelection && offset > 0 {
        offset += index - oldSelection
        newAbove += index - oldSelection
      }
    }
    selection = min(selection, max(0, rows.count - 1))
    selectedID = rows.isEmpty ? nil : rows[selection].id
  }

  var isTimeline: Bool {
    if case .listPeople = scene { return false }
    return true
  }

  private var count: Int { isTimeline ? tweets.count : people.count }
  var isAtEnd: Bool { selection >= count - 1 }

  func move(by delta: Int) {
    guard count > 0 else { return }
    selection = min(max(0, selection + delta), count - 1)
    if isTimeline { selectedID = tweets[selection].id }
  }

  func moveToStart() { move(by: -count) }
  func moveToEnd() { move(by: count) }

  var selectedPersonIndex: Int? { isTimeline || people.isEmpty ? nil : selection }

  var selectedAuthor: String? {
    guard isTimeline, tweets.indices.contains(selection) else { return nil }
    let username = tweets[selection].authorUsername
    return username.isEmpty ? nil : username
  }

  /// The selected tweet's web link, on the toast line (extension E5).
  func showLink() {
    guard isTimeline, tweets.indices.contains(selection) else { return }
    toast(tweets[selection].link)
  }

  func selectPerson(at index: Int) {
    guard case .listPeople(let model) = scene else { return }
    if case .rejected(let message) = model.select(at: index) { toast(message) }
  }

  func showPeople(_ navigator: TweetsNavigator) {
    if case .listTimeline(let model) = scene { model.showPeople() } else { navigator.showPeople() }
  }

  func setFilter(_ text: String) {
    switch scene {
    case .listTimeline(let model): model.setFilter(text)
    case .personTimeline(let model): model.setFilter(text)
    case .listPeople: break
    }
  }

  func refreshOrRetry() {
    switch scene {
    case .listTimeline(let model): model.refresh()
    case .personTimeline(let model): model.refresh()
    case .listPeople(let model): model.retry()
    }
  }

  func loadOlder() {
    let result: InputResult
    switch scene {
    case .listTimeline(let model): result = model.loadOlder()
    case .personTimeline(let model): result = model.loadOlder()
    case .listPeople: return
    }
    if case .rejected(let message) = result { toast(message) }
  }

  // MARK: Drawing

  /// Title (row 1), status (row 2), then the rows from row 4 to `bottom`.
  func draw(
    _ painter: Painter, left: Int, width: Int, bottom: Int, compact: Bool, focused: Bool
  ) {
    guard width > 2 else { return }
    var heading = " " + title
    if isLoading { heading += " " + painter.spinner(spinner.tick) }
    painter.fitted(heading, row: 1, column: left, width: width, style: .bold)
    if isTimeline {
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
    if tweets.isEmpty {
      let text = placeholder.isEmpty ? "No tweets yet." : placeholder
      painter.fitted(" " + text, row: top, column: left, width: width, style: .dim)
    }
    var top = top
    if offset == 0 { newAbove = 0 }
    if newAbove > 0 {
      let marker = "↑ \(newAbove) new \(newAbove == 1 ? "tweet" : "tweets")"
      painter.fitted(" " + marker, row: top, column: left, width: width, style: .bold)
      top += 1
    }
    func block(_ index: Int) -> [String] {
      let row = tweets[index]
      return [row.header(fitting: width - 1)]
        + WordWrap.lines(
          row.mark.isEmpty ? row.text : "\(row.mark) \(row.text)", width: width - 3, limit: 8,
          ellipsis: painter.ellipsis)
    }
    let rows = lastRow - top + 1
    if selection < offset { offset = selection }
    // Scroll down until the selected tweet fits.
    while offset < selection
      && (offset...selection).reduce(0, { $0 + block($1).count }) > rows
    {
      offset += 1
    }
    var row = top
    var index = offset
    while index < tweets.count, row <= lastRow {
      for (number, line) in block(index).enumerated() where row <= lastRow {
        if number == 0 {
          let selected = index == selection && focused
          painter.text(selected ? ">" : " ", row: row, column: left, style: .bold)
          painter.fitted(line, row: row, column: left + 1, width: width - 1, style: .bold)
        } else {
          painter.fitted("   " + line, row: row, column: left, width: width)
        }
        row += 1
      }
      index += 1
    }
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
    if !message.isEmpty {
      let text = peopleFailed ? message + "  r retry" : message
      let column = left + max(0, (width - TextWidth.of(text)) / 2)
      painter.fitted(text, row: (top + bottom) / 2, column: column, width: width - (column - left))
      return
    }
    let perPerson = 2
    let visible = max(1, (bottom - top + 1) / perPerson)
    if selection < offset { offset = selection }
    if selection >= offset + visible { offset = selection - visible + 1 }
    var row = top
    for (index, person) in people.enumerated().dropFirst(offset) where row < bottom {
      let selected = index == selection && focused
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
