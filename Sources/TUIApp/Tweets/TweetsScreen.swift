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
    session.stack.drive { [weak self] stack in
      self?.show(stack.map(\.scene))
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
          toast: { [weak self] in self?.toast.show($0) },
          link: { [weak self] in self?.toast.show(link: $0) })
    }
    presenters = kept
    if !split || scenes.last?.id != .listPeople { peopleFocused = split && peopleFocused }
    layOut()
    redraw()
  }

  /// The terminal's size, as last told (`resize`).
  private var size = (columns: 80, rows: 24)

  /// Tells each scene its list's area from the terminal's size: the rows from line 4 to the
  /// line above the footer, the whole width, or in split layout 30 columns for the people and
  /// the rest (after the divider) for the timeline.
  private func layOut() {
    let lines = max(1, size.rows - 7)
    for scene in scenes {
      guard let presenter = presenters[scene.modelIdentity] else { continue }
      let width =
        !split
        ? size.columns : (scene.people != nil ? Self.paneWidth : size.columns - Self.paneWidth - 1)
      presenter.setArea(width: width, lines: scene.people != nil ? lines + 1 : lines)
    }
  }

  /// The people pane's width in split layout.
  static let paneWidth = 30

  private var top: ScenePresenter? { scenes.last.flatMap { presenters[$0.modelIdentity] } }

  /// In split layout: the people pane and the top timeline.
  var peoplePresenter: ScenePresenter? {
    scenes.peopleScene.flatMap { presenters[$0.modelIdentity] }
  }

  var timelinePresenter: ScenePresenter? {
    scenes.topTimeline.flatMap { presenters[$0.modelIdentity] }
  }

  /// The pane keys go to.
  var focused: ScenePresenter? {
    split ? (peopleFocused ? peoplePresenter : timelinePresenter) : top
  }

  // MARK: AppScreen

  public var hasFocusedField: Bool { filterField != nil }
  public var hasOverlay: Bool { false }

  public var hints: [Hint] { keys.hints(in: mode) }

  public var helpLines: [(key: String, meaning: String)] { keys.helpLines }

  public func willQuit() {}

  public func setActive(_ active: Bool) { session.setActive(active) }

  public func handle(_ key: Key) -> KeyOutcome {
    guard let focused else { return .ignored }
    if case .mouse(let event) = key { return handle(event, focused) }
    if key == .resize { return .handled }
    if let command = keys.action(for: key, in: mode) {
      perform(command, focused)
    } else {
      // Any other key edits the filter, if it is open.
      guard var field = filterField, field.handle(key) else { return .ignored }
      filterField = field
      focused.setFilter(field.text)
    }
    redraw()
    return .handled
  }

  private func perform(_ command: KeyCommand, _ focused: ScenePresenter) {
    switch command {
    case .openFilter: filterField = TextField(text: focused.filter)
    case .keepFilter: filterField = nil
    case .clearFilter:
      filterField = nil
      focused.setFilter("")
    case .move(let delta) where delta > 0: move(focused, by: delta)
    case .move(let delta): focused.move(by: delta)
    case .toStart: focused.moveToStart()
    case .toEnd: focused.moveToEnd()
    case .open: open(focused)
    case .people:
      if split { peopleFocused = true } else { focused.showPeople() }
    case .left:
      if split { peopleFocused = true } else { focused.back() }
    case .right: if split { peopleFocused = false }
    case .escape:
      // A kept filter goes first, as in Todo; the next Esc goes back.
      if !focused.filter.isEmpty {
        focused.setFilter("")
      } else if split {
        focused.showList()
      } else {
        focused.back()
      }
    case .backspace: if !split { focused.back() }
    case .pause: focused.togglePaused()
    case .refresh: focused.refreshOrRetry()
    case .older: focused.loadOlder()
    case .link: focused.showLink()
    case .thread: focused.openThread()
    }
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
    size = (columns, rows)
    let wantsSplit = columns >= 100
    if wantsSplit != split {
      split = wantsSplit
      session.send(.app(.setLayout(layout: split ? .split : .stack)))
    }
    layOut()
  }

  public func draw(_ painter: Painter) {
    let bottom = painter.height - 3
    let glyphs = painter.glyphs
    if split {
      let paneWidth = Self.paneWidth
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
