import TerminalUI
import WeatherFeature

extension WeatherScreen {
  /// Where the keys go: the key dialog over everything, else the focused field or map.
  enum KeyMode: Hashable { case keyDialog, city, map, unfocused }

  /// What a key does: an input for the screen model, or a move of the screen's own focus.
  enum KeyCommand {
    case input(WeatherInput)
    /// Return in the key dialog: the key typed so far.
    case submitKey
    case focusCity, leave
    /// `m`: shows the map and focuses it, or hides it.
    case toggleMap
  }

  var mode: KeyMode {
    if state.keyPromptVisible { return .keyDialog }
    switch focus {
    case .city: return .city
    case .map: return .map
    case nil: return .unfocused
    }
  }

  /// The weather tab's keys, once: what they do, the help bar, and the `?` overlay.
  var keys: KeyTable<KeyMode, KeyCommand> {
    let browsing: Set<KeyMode> = [.unfocused, .map]
    return KeyTable([
      KeyBinding([.enter], "Return", in: [.keyDialog], hint: "use key", .submitKey),
      KeyBinding(
        [.tab], "Tab", in: [.keyDialog], hint: state.canSaveKey ? "save choice" : nil,
        .input(.toggleSaveKey)),
      KeyBinding([.escape], "Esc", in: [.keyDialog], hint: "close", .input(.dismissKeyPrompt)),
      KeyBinding([.enter], "Return", in: [.city], hint: "search", .input(.submit)),
      KeyBinding([.escape], "Esc", in: [.city], hint: "leave", .leave),
      KeyBinding(
        [.character("/")], "/", in: browsing, hint: focus == nil ? "search" : nil,
        help: "type a city; Return searches, Esc leaves the field", .focusCity),
      KeyBinding(
        [.character("l")], "l", in: [.unfocused], hint: "locate", help: "weather at my location",
        .input(.useMyLocation)),
      KeyBinding(
        [.character("m")], "m", in: [.unfocused], hint: "map",
        help: "show or hide the map (showing focuses it)", .toggleMap),
      KeyBinding(
        [.up], "←↑↓→", in: [.map], hint: "pan", helpLabel: "←↑↓→ (map)", help: "pan the map",
        .input(.pan(.north))),
      KeyBinding([.down], "↓", in: [.map], .input(.pan(.south))),
      KeyBinding([.left], "←", in: [.map], .input(.pan(.west))),
      KeyBinding([.right], "→", in: [.map], .input(.pan(.east))),
      KeyBinding(
        [.character("+"), .character("=")], "+/-", in: [.map], hint: "zoom",
        helpLabel: "+ = / - (map)", help: "zoom in / out", .input(.zoomIn)),
      KeyBinding([.character("-")], "-", in: [.map], .input(.zoomOut)),
      KeyBinding([.character("m")], "m", in: [.map], hint: "hide map", .toggleMap),
      KeyBinding([.escape], "Esc", in: [.map], hint: "leave", .leave),
      KeyBinding(
        [.character("u")], "u", in: browsing, hint: focus == nil ? "°C/°F" : nil, ascii: "C/F",
        help: "switch °C and °F", .input(.toggleUnits)),
      KeyBinding(
        [.character("k")], "k", in: browsing,
        hint: focus == nil && state.usesApiKey ? "key" : nil,
        help: state.usesApiKey ? "enter an API key" : nil, .input(.openKeyPrompt)),
      KeyBinding(
        [.character("r")], "r", in: browsing,
        hint: focus == nil ? (state.noNetwork ? "try live" : "refresh") : nil,
        help: "refresh (without a network: try the live service again)", .input(.refresh)),
    ])
  }
}
