/// What the mouse did, as the terminal reported it: a left click or a wheel step, at a cell
/// (0-based, from the top-left). Releases, drags and the other buttons are not reported.
public struct MouseEvent: Equatable, Sendable {
  public enum Action: Equatable, Sendable {
    /// The left button went down.
    case click
    /// The wheel turned away from the user (scroll up, zoom in).
    case wheelUp
    /// The wheel turned towards the user (scroll down, zoom out).
    case wheelDown
  }

  public let action: Action
  public let row: Int
  public let column: Int

  public init(_ action: Action, row: Int, column: Int) {
    self.action = action
    self.row = row
    self.column = column
  }
}

/// The terminal's mouse reports in SGR form (mode 1006): `ESC [ < button ; column ; row` then
/// `M` (pressed) or `m` (released), with 1-based cells.
enum SGRMouseReport {
  enum Reading: Equatable {
    /// Not a mouse report.
    case none
    /// The start of one: wait for more bytes.
    case incomplete
    /// A whole report of `length` bytes (from the ESC); `event` is nil for one the screens do
    /// not use (a release, a drag, another button).
    case report(MouseEvent?, length: Int)
  }

  /// The longest report read (`ESC [ < 127 ; 99999 ; 99999 M` is 20 bytes); anything longer is
  /// not one.
  static let maximumLength = 24

  /// Reads the report that starts at `data[index]` (an ESC).
  static func read(_ data: [UInt8], at index: Int) -> Reading {
    let prefix: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
    var position = index
    // Only a whole `ESC [ <` waits for more: a lone ESC at the end of a read stays the Esc key.
    for byte in prefix {
      guard position < data.count, data[position] == byte else { return .none }
      position += 1
    }
    var numbers = [0]
    var digits = 0
    while position < data.count {
      let byte = data[position]
      position += 1
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= 5 else { return .none }
        numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - 0x30)
      case UInt8(ascii: ";"):
        guard digits > 0, numbers.count < 3 else { return .none }
        numbers.append(0)
        digits = 0
      case UInt8(ascii: "M"), UInt8(ascii: "m"):
        guard digits > 0, numbers.count == 3 else { return .none }
        let event = Self.event(
          button: numbers[0], column: numbers[1] - 1, row: numbers[2] - 1,
          pressed: byte == UInt8(ascii: "M"))
        return .report(event, length: position - index)
      default:
        return .none
      }
    }
    return position - index < maximumLength ? .incomplete : .none
  }

  /// The event for a button code: bits 0–1 the button, 4/8/16 the modifiers (ignored), 32 a
  /// drag, 64 the wheel.
  private static func event(button: Int, column: Int, row: Int, pressed: Bool) -> MouseEvent? {
    guard pressed, button & 32 == 0, row >= 0, column >= 0 else { return nil }
    let code = button & ~28
    switch code {
    case 0: return MouseEvent(.click, row: row, column: column)
    case 64: return MouseEvent(.wheelUp, row: row, column: column)
    case 65: return MouseEvent(.wheelDown, row: row, column: column)
    default: return nil
    }
  }
}
