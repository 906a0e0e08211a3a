import Foundation

/// The settings file as its lines, each with the ending it has in the file (`"\r\n"`, `"\n"`,
/// or nothing for a last line without one), so that an edit changes one line and keeps every
/// other byte. Lines are split on the scalar U+000A: in Swift `"\r\n"` is one `Character`, so a
/// split on the character `"\n"` would see a CRLF file as one long line.
struct ConfigLines: Equatable {
  /// One line: its text without the ending, and the ending.
  struct Line: Equatable {
    var body: String
    var ending: String
  }

  var lines: [Line]

  init(_ text: String) {
    var lines: [Line] = []
    var current = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        var body = String(current)
        var ending = "\n"
        if body.unicodeScalars.last == "\r" {
          body = String(body.unicodeScalars.dropLast())
          ending = "\r\n"
        }
        lines.append(Line(body: body, ending: ending))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    if !current.isEmpty { lines.append(Line(body: String(current), ending: "")) }
    self.lines = lines
  }

  /// The ending new lines get: the file's first, else `"\n"`.
  var preferredEnding: String {
    lines.first(where: { !$0.ending.isEmpty })?.ending ?? "\n"
  }

  /// The text again, byte for byte as it was read when nothing was changed.
  var text: String { lines.map { $0.body + $0.ending }.joined() }

  /// The 0-based index of the line on which `key` is set or opens a table, or nil.
  func index(of key: String) -> Int? {
    lines.firstIndex { Self.line($0.body, sets: key) }
  }

  /// Replaces the line at `index`, keeping its ending.
  mutating func replace(at index: Int, with body: String) {
    lines[index].body = body
  }

  /// Adds a line at the end, giving a last line without an ending the file's ending first.
  mutating func append(_ body: String) {
    let ending = preferredEnding
    if let last = lines.indices.last, lines[last].ending.isEmpty { lines[last].ending = ending }
    lines.append(Line(body: body, ending: ending))
  }

  /// Whether `line` sets `key` (bare or quoted) or opens the table `key`.
  static func line(_ line: String, sets key: String) -> Bool {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.hasPrefix("[\(key)]") || trimmed.hasPrefix("[[\(key)]]") { return true }
    let quoted = trimmed.hasPrefix("\"\(key)\"") || trimmed.hasPrefix("'\(key)'")
    guard quoted || trimmed.hasPrefix(key) else { return false }
    return trimmed.dropFirst(key.count + (quoted ? 2 : 0))
      .drop(while: { $0 == " " || $0 == "\t" }).first == "="
  }
}
