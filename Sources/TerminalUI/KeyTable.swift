/// One key of a screen, declared once: the keys that press it, the modes it works in, how the
/// help bar shows it (if it does), what the `?` overlay says of it (if anything), and what it
/// does.
public struct KeyBinding<Mode: Hashable, Action> {
  /// The keys that press it.
  public let keys: [Key]
  /// The screen's modes (a list, a field, a dialog) it works in; empty: all of them.
  public let modes: Set<Mode>
  /// How the bar names the keys: `/`, `←↑↓→`, `Return`.
  public let label: String
  /// The bar's short meaning (`search`); nil: not on the bar.
  public let hint: String?
  /// The bar's meaning on an ASCII-only terminal, when it differs (`C/F` for `°C/°F`).
  public let asciiHint: String?
  /// The overlay's key column, when it says more than `label` (`←↑↓→ (map)`).
  public let helpLabel: String?
  /// The overlay's meaning; nil: not in the overlay.
  public let help: String?
  /// A disabled key shows dim on the bar; pressed, it still sends its input, whose answer
  /// says why it cannot be done now (a refusal on the toast line), so no key is silent.
  public let isEnabled: Bool
  /// What it does.
  public let action: Action

  /// A binding of `keys`, named `label`, working in `modes` (all when empty), doing `action`.
  public init(
    _ keys: [Key], _ label: String, in modes: Set<Mode> = [], hint: String? = nil,
    ascii: String? = nil, helpLabel: String? = nil, help: String? = nil, enabled: Bool = true,
    _ action: Action
  ) {
    self.keys = keys
    self.modes = modes
    self.label = label
    self.hint = hint
    asciiHint = ascii
    self.helpLabel = helpLabel
    self.help = help
    isEnabled = enabled
    self.action = action
  }

  func works(in mode: Mode) -> Bool { modes.isEmpty || modes.contains(mode) }
}

/// A screen's keys: the one table that its key handling, its help bar hints and its `?`
/// overlay lines all read, so each key is declared once.
public struct KeyTable<Mode: Hashable, Action> {
  /// The bindings, in the order the bar and the overlay list them.
  public let bindings: [KeyBinding<Mode, Action>]

  /// A table of `bindings`; the first that has a key in a mode is the one that key presses.
  public init(_ bindings: [KeyBinding<Mode, Action>]) { self.bindings = bindings }

  /// What `key` does in `mode`; nil for a key the mode does not have.
  public func action(for key: Key, in mode: Mode) -> Action? {
    bindings.first { $0.works(in: mode) && $0.keys.contains(key) }?.action
  }

  /// The help bar's hints in `mode`, in the table's order.
  public func hints(in mode: Mode) -> [Hint] {
    bindings.filter { $0.works(in: mode) }.compactMap { binding in
      binding.hint.map {
        Hint(binding.label, $0, ascii: binding.asciiHint, enabled: binding.isEnabled)
      }
    }
  }

  /// The overlay's lines, every mode's, in the table's order.
  public var helpLines: [(key: String, meaning: String)] {
    bindings.compactMap { binding in binding.help.map { (binding.helpLabel ?? binding.label, $0) } }
  }
}
