import Foundation
import PropertyBased
import Testing

@testable import WebApp

/// The state diff the socket sends (issue 40, item 6): applying the patch to the old state
/// gives the new one, and a change to one row of a long list sends that row, not the list.
@Suite("Web: what changed in a state")
struct JSONPatchTests {
  static func row(_ id: Int, done: Bool, title: String) -> JSONTree {
    .object(["uid": .integer(id), "done": .bool(done), "title": .string(title)])
  }

  static func state(rows: [JSONTree], note: String?) -> JSONTree {
    var fields: [String: JSONTree] = ["rows": .array(rows), "count": .integer(rows.count)]
    if let note { fields["note"] = .string(note) }
    return .object(fields)
  }

  static let rows = zip(Gen.int(in: 0...9), Gen.bool, Gen.element(of: ["a", "b", "ü 🌊"]))
    .map { row($0.0, done: $0.1, title: $0.2 ?? "") }
    .array(of: 0...12)
  static let states = zip(rows, Gen.element(of: [nil, "x", "y"]))
    .map { state(rows: $0.0, note: $0.1 ?? nil) }

  @Test("applying the patch from one state to another gives the other (any two)")
  func roundTrip() async {
    await propertyCheck(count: 600, input: Self.states, Self.states) { old, new in
      let patch = JSONPatch.from(old, to: new)
      #expect((patch == nil) == (old == new))
      #expect(patch.map { JSONPatch.apply($0, to: old) } ?? old == new)
    }
  }

  @Test("a patch survives the wire: encoded, read back, applied")
  func wire() throws {
    let old = Self.state(rows: [Self.row(1, done: false, title: "a")], note: "x")
    let new = Self.state(rows: [Self.row(1, done: true, title: "a")], note: nil)
    let patch = try #require(JSONPatch.from(old, to: new))
    let read = try JSONTree(json: JSONEncoder().encode(patch))
    #expect(JSONPatch.apply(read, to: old) == new)
    #expect(
      read
        == .object([
          "fields": .object([
            "rows": .object([
              "items": .object([
                "0": .object(["fields": .object(["done": .object(["value": .bool(true)])])])
              ])
            ])
          ]),
          "removed": .array([.string("note")]),
        ]))
  }

  @Test("a row leaving a 10,000-row list is one splice, not the list")
  func longList() throws {
    let rows = (0..<10_000).map { Self.row($0, done: false, title: "Task \($0)") }
    var fewer = rows
    fewer.remove(at: 4_321)
    let patch = try #require(
      JSONPatch.from(Self.state(rows: rows, note: nil), to: Self.state(rows: fewer, note: nil)))
    let bytes = try JSONEncoder().encode(patch).count
    #expect(bytes < 200, "\(bytes) bytes")
    #expect(
      JSONPatch.apply(patch, to: Self.state(rows: rows, note: nil))
        == Self.state(rows: fewer, note: nil))
  }

  @Test("numbers keep their form: an integer stays an integer, a fraction a fraction")
  func numbers() throws {
    let tree = try JSONTree(json: Data(#"[3, 2.5, -0, "4", null, true]"#.utf8))
    #expect(
      tree == .array([.integer(3), .number(2.5), .integer(0), .string("4"), .null, .bool(true)]))
  }
}

/// The reader of JSON text the diff works on: what the encoder writes comes back as it was.
@Suite("Web: reading a state's JSON")
struct JSONTreeReaderTests {
  @Test(
    "escapes, surrogate pairs, unicode, numbers and nesting read as JSONSerialization reads them")
  func reads() throws {
    let text =
      #"{"a": "x\"y\\z\/\n\t\u00e9\ud83c\udf0a🌊 東京", "b": [1, -2, 3.5, 1e3, true, false, null, {}], "c": {"d": []}}"#
    let tree = try JSONTree(json: Data(text.utf8))
    #expect(
      tree
        == .object([
          "a": .string("x\"y\\z/\n\té🌊🌊 東京"),
          "b": .array([
            .integer(1), .integer(-2), .number(3.5), .number(1000), .bool(true), .bool(false),
            .null,
            .object([:]),
          ]),
          "c": .object(["d": .array([])]),
        ]))
  }

  @Test(
    "what is not JSON is refused, not guessed: truncation, bad escapes, control characters, depth")
  func refuses() {
    let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    for text in [
      "", "{", #"{"a" 1}"#, #"["a"#, #""\x""#, "\"a\u{01}\"", "[1,]", "tru", "1 2", "-", "1e999",
      deep,
    ] {
      #expect(throws: JSONTreeReader.Malformed.self, "\(text.prefix(20))") {
        try JSONTree(json: Data(text.utf8))
      }
    }
  }

  @Test("a state encoded and read back encodes to the same text")
  func roundTrip() async {
    await propertyCheck(count: 300, input: JSONPatchTests.states) { state in
      let text = try? JSONEncoder().encode(state)
      let read = text.flatMap { try? JSONTree(json: $0) }
      #expect(read == state)
    }
  }
}
