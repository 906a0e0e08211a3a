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
  let redraw: () -> Void
  private var subscriptions = Set<AnyCancellable>()
  private lazy var toast = Toast(scheduler: scheduler) { [weak self] in self?.redraw() }
  private var presenters: [ObjectIdentifier: ScenePresenter] = [:]
  private var scenes: [Scene] = []
  var split = false
  var peopleFocused = false
  /// The filter field (extension E3), while open.
  var filterField: TextField?

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
  }

  private func show(_ scenes: [Scene]) {
    self.scenes = scenes
    var kept: [ObjectIdentifier: ScenePresenter] = [:]
    for scene in scenes {
      let key = scene.modelIdentity
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

  private var top: ScenePresenter? { scenes.last.flatMap { presenters[$0.modelIdentity] } }

  /// In split layout: the people pane and the top timeline.
  var peoplePresenter: ScenePresenter? {
    scenes.peopleScene.flatMap { presenters[$0.modelIdentity] }
  }

  var timelinePresenter: ScenePresenter? {
    scenes.topTimeline.flatMap { presenters[$0.modelIdentity] }
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

  public func setActive(_ active: Bool) { session.setActive(active) }

  public func handle(_ key: Key) -> KeyOutcome {
    guard let focused else { return .ignored }
    if case .mouse(let event) = key { return handle(event, focused) }
    if var field = filterField {
      switch key {
      case .enter: filterField = nil
      case .escape:
        filterField = nil
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
        focused.showPeople()
      }
    case .left, .character("h"):
      if split { peopleFocused = true } else { focused.back() }
    case .right, .character("l"):
      if split { peopleFocused = false }
    case .escape where !focused.filter.isEmpty:
      // A kept filter goes first, as in Todo; the next Esc goes back.
      focused.setFilter("")
    case .escape:
      if split { focused.showList() } else { focused.back() }
    case .backspace:
      if !split { focused.back() }
    case .character("p"): focused.togglePaused()
    case .character("r"): focused.refreshOrRetry()
    case .character("o"): focused.loadOlder()
    case .character("y"): focused.showLink()
    default: return .ignored
    }
    redraw()
    return .handled
  }

  /// Moving past the last row asks for older tweets.
  func move(_ presenter: ScenePresenter, by delta: Int) {
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
      presenter.openAuthor(username)
    }
  }

  // MARK: Drawing

  /// From 100 columns the people pane stands beside the timeline: the navigator's layout
  /// follows the terminal's size (from the resize event; drawing only draws).
  public func resize(columns: Int, rows: Int) {
    let wantsSplit = columns >= 100
    guard wantsSplit != split else { return }
    split = wantsSplit
    navigator.setLayout(split ? .split : .stack)
  }

  public func draw(_ painter: Painter) {
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
