import TerminalUI
import TweetsFeature

extension TweetsScreen {
  /// Where the keys go: the filter field while open, else the focused pane's scene.
  enum KeyMode: Hashable { case filter, timeline, people }

  /// What a key does: a scene's input (through its presenter) or a move of the screen's own
  /// selection, focus and filter field.
  enum KeyCommand {
    case openFilter, keepFilter, clearFilter
    case move(Int), toStart, toEnd
    case open, people, left, right, escape, backspace
    case pause, refresh, older, link, thread
  }

  var mode: KeyMode {
    if filterField != nil { return .filter }
    return focused?.isTimeline ?? true ? .timeline : .people
  }

  /// The tweets tab's keys, once: what they do, the help bar, and the `?` overlay.
  var keys: KeyTable<KeyMode, KeyCommand> {
    let scenes: Set<KeyMode> = [.timeline, .people]
    return KeyTable([
      KeyBinding([.enter], "Enter", in: [.filter], hint: "keep filter", .keepFilter),
      KeyBinding([.escape], "Esc", in: [.filter], hint: "clear filter", .clearFilter),
      KeyBinding(
        [.up, .character("k")], "↑", in: scenes, helpLabel: "↑/k ↓/j PgUp PgDn g G",
        help: "move", .move(-1)),
      KeyBinding([.down, .character("j")], "↓", in: scenes, .move(1)),
      KeyBinding([.pageUp], "PgUp", in: scenes, .move(-10)),
      KeyBinding([.pageDown], "PgDn", in: scenes, .move(10)),
      KeyBinding([.character("g"), .home], "g", in: scenes, .toStart),
      KeyBinding([.character("G"), .end], "G", in: scenes, .toEnd),
      KeyBinding(
        [.enter], "Enter", in: scenes, hint: "open",
        help: "open the person (or the tweet's author)", .open),
      KeyBinding(
        [.character("m")], "m", in: scenes, hint: "people",
        help: "people (split: focus the people pane)", .people),
      KeyBinding(
        [.left, .character("h")], "←", in: scenes, helpLabel: "← h Esc Backspace", help: "back",
        .left),
      KeyBinding(
        [.right, .character("l")], "→", in: scenes, helpLabel: "→ l",
        help: "split: focus the timeline", .right),
      KeyBinding(
        [.character("p")], "p", in: scenes, hint: "pause", help: "pause or resume fetching",
        .pause),
      KeyBinding(
        [.character("r")], "r", in: scenes, hint: mode == .people ? "retry" : "refresh",
        help: "refresh (people: retry)", .refresh),
      KeyBinding(
        [.character("o")], "o", in: [.timeline], hint: "older", help: "older tweets",
        enabled: focused?.canLoadOlder ?? false, .older),
      KeyBinding(
        [.character("y")], "y", in: [.timeline], help: "show the selected tweet's link", .link),
      KeyBinding(
        [.character("t")], "t", in: [.timeline],
        help: "the selected tweet's thread (Bluesky)", .thread),
      KeyBinding(
        [.character("/")], "/", in: [.timeline],
        help: "filter the timeline (Enter keeps, Esc clears)", .openFilter),
      KeyBinding([.escape], "Esc", in: scenes, hint: "back", .escape),
      KeyBinding([.backspace], "Backspace", in: scenes, .backspace),
    ])
  }
}
