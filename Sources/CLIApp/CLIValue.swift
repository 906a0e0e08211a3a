import Foundation
import ViewModelKit

/// What one output holds, in the forms the CLI prints.
public enum CLIValue: Equatable {
  /// Text: printed after the colon ("" prints nothing after it).
  case text(String)
  /// true/false.
  case flag(Bool)
  /// Text or nothing (`null` in JSON, nothing after the colon in text).
  case optional(String?)
  /// A list: text rows (already formatted, without indentation) and the JSON rows.
  case list(rows: [String], json: [JSONValue])
  /// A value printed as text and written as data under `--json` (money as
  /// `{"amount":"1.90","currency":"GBP"}`, a count as a number, a state by its name).
  case data(text: String, json: JSONValue)
  /// An output that does not apply to the screen as it is now (a guest's create button
  /// when signed in): never printed.
  case hidden
  /// A list an app caps itself when it prints on its own: the capped forms, and the full forms
  /// made only when something prints the list whole (`list`). Two are equal when their capped
  /// forms are: what the screen shows is what changes.
  case cappedList(capped: [CLILine], cappedJSON: JSONValue, whole: WholeList)

  /// The value for `--json`.
  var json: JSONValue {
    switch self {
    case .text(let text): .string(text)
    case .data(_, let json): json
    case .flag(let flag): .bool(flag)
    case .optional(let text): text.map(JSONValue.string) ?? .null
    case .list(_, let json): .array(json)
    case .cappedList(_, let capped, _): capped
    case .hidden: .null
    }
  }
}

/// The whole of a capped list, made the first time it is asked for (a one-shot command on a
/// long list compares and prints only the capped form).
public final class WholeList: Equatable {
  private let makeRows: () -> [CLILine]
  private let makeJSON: () -> JSONValue
  /// The text rows, all of them.
  public private(set) lazy var rows: [CLILine] = makeRows()
  /// The JSON, all of it.
  public private(set) lazy var json: JSONValue = makeJSON()

  public init(rows: @escaping () -> [CLILine], json: @escaping () -> JSONValue) {
    makeRows = rows
    makeJSON = json
  }

  /// Always equal: a capped list is compared by its capped forms.
  public static func == (lhs: WholeList, rhs: WholeList) -> Bool { true }
}

/// A JSON value, written with sorted keys and no spaces.
public indirect enum JSONValue: Equatable, Sendable {
  case string(String)
  case bool(Bool)
  case int(Int)
  /// A finite number, written in Swift's shortest round-trip form.
  case double(Double)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])
  /// A screen state's field in its wire form (`WireFormat`), as the view model's types encode
  /// it: never rebuilt by the CLI.
  case wire(WireValue)

  /// `value` in its wire form.
  public static func encoded<Value: Encodable & Equatable & Sendable>(_ value: Value) -> JSONValue {
    .wire(WireValue(value))
  }

  /// Wire text with DEL, C1 and the bidirectional controls as `\u` escapes, as `quote` writes
  /// them: they can only stand inside a string there, so the document stays the same JSON.
  fileprivate static func escapingControls(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value >= 0x7F && VisibleText.isControl($0) })
    else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value >= 0x7F && VisibleText.isControl(scalar) {
        out += String(format: "\\u%04x", scalar.value)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Equal when written the same: compared structurally (objects by key, as they are written
  /// sorted), without writing either out, since the shell compares every output's value after
  /// every command.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.double, .double), (.int, .double), (.double, .int): lhs.text == rhs.text
    case (.null, .null): true
    case (.array(let a), .array(let b)): a == b
    case (.wire(let a), .wire(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count
        && zip(a.sorted { $0.0 < $1.0 }, b.sorted { $0.0 < $1.0 }).allSatisfy {
          $0.0 == $1.0 && $0.1 == $1.1
        }
    default: false
    }
  }

  /// The compact JSON text.
  public var text: String {
    switch self {
    case .string(let text): Self.quote(text)
    case .bool(let flag): flag ? "true" : "false"
    case .int(let number): String(number)
    case .double(let number): number.isFinite ? String(number) : "null"
    case .null: "null"
    case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      "{" + fields.map { Self.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    case .wire(let value): value.text
    }
  }

  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      // C0, DEL, C1 and the bidirectional controls as \u escapes: valid JSON, and a reader
      // printing the raw text gets no terminal sequence and no reordered line.
      case _ where VisibleText.isControl(scalar): out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// A value of a screen's state kept as itself and written in its wire form only when printed:
/// compared as the value (after every command, in text mode too), encoded once per print.
public struct WireValue: Sendable, Equatable {
  private let value: any Encodable & Sendable
  private let equals: @Sendable (any Sendable) -> Bool

  init<Value: Encodable & Equatable & Sendable>(_ value: Value) {
    self.value = value
    equals = { ($0 as? Value) == value }
  }

  /// The wire form; `null` for what cannot be encoded (a non-finite number).
  var text: String {
    guard let text = try? WireFormat.text(value) else { return "null" }
    return JSONValue.escapingControls(text)
  }

  public static func == (lhs: WireValue, rhs: WireValue) -> Bool { lhs.equals(rhs.value) }
}
