import Foundation
import ViewModelKit

@testable import WebApp

extension JSONTree {
  /// The tree of `value`'s wire form as `WireFormat.encoder()` writes it: what the web head's
  /// own `JSONTreeEncoder` must build.
  init(encoding value: some Encodable) throws {
    try self.init(json: WireFormat.encoder().encode(value))
  }

  /// The tree of JSON text.
  init(json data: Data) throws {
    self = try JSONTreeReader.read(data)
  }
}

/// Reads JSON text into a `JSONTree`, byte by byte, for the tests to compare the web head's
/// trees with the wire form's text. Depth is limited, so no text can exhaust the stack.
struct JSONTreeReader {
  /// Why a text is not JSON.
  struct Malformed: Error, CustomStringConvertible {
    let offset: Int
    var description: String { "not JSON at byte \(offset)" }
  }

  static let maximumDepth = 200

  private let bytes: [UInt8]
  private var index = 0

  /// The tree of `data`, which must be one JSON value.
  static func read(_ data: Data) throws(Malformed) -> JSONTree {
    var reader = JSONTreeReader(bytes: Array(data))
    let tree = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == reader.bytes.count else { throw Malformed(offset: reader.index) }
    return tree
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var malformed: Malformed { Malformed(offset: index) }

  private mutating func skipSpace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      index += 1
    }
  }

  private mutating func expect(_ word: StaticString) throws(Malformed) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw malformed }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw malformed
    }
    index += count
  }

  private mutating func value(depth: Int) throws(Malformed) -> JSONTree {
    guard depth < Self.maximumDepth else { throw malformed }
    skipSpace()
    guard index < bytes.count else { throw malformed }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try expect("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expect("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expect("null")
      return .null
    default: return try number()
    }
  }

  private mutating func object(depth: Int) throws(Malformed) -> JSONTree {
    index += 1
    var fields: [String: JSONTree] = [:]
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(fields)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw malformed }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw malformed }
      index += 1
      fields[key] = try value(depth: depth + 1)
      skipSpace()
      guard index < bytes.count else { throw malformed }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(fields)
      } else {
        throw malformed
      }
    }
  }

  private mutating func array(depth: Int) throws(Malformed) -> JSONTree {
    index += 1
    var items: [JSONTree] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      items.append(try value(depth: depth + 1))
      skipSpace()
      guard index < bytes.count else { throw malformed }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      } else {
        throw malformed
      }
    }
  }

  /// A string from its opening quote; escapes resolved, `\u` pairs joined.
  private mutating func string() throws(Malformed) -> String {
    index += 1
    let start = index
    // The common case: no escape, so the bytes are the string.
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""),
      bytes[index] != UInt8(ascii: "\\")
    {
      guard bytes[index] >= 0x20 else { throw malformed }
      index += 1
    }
    guard index < bytes.count else { throw malformed }
    var out = Array(bytes[start..<index])
    while bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        index += 1
        guard index < bytes.count else { throw malformed }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"): out += Array(String(try scalar()).utf8)
        default: throw malformed
        }
      } else {
        guard bytes[index] >= 0x20 else { throw malformed }
        out.append(bytes[index])
        index += 1
      }
      guard index < bytes.count else { throw malformed }
    }
    index += 1
    return String(decoding: out, as: UTF8.self)
  }

  /// The scalar of a `\u` escape (after the `u`), with its low surrogate when it has one; a
  /// lone surrogate is U+FFFD.
  private mutating func scalar() throws(Malformed) -> Character {
    let high = try hex4()
    if (0xD800..<0xDC00).contains(high), index + 1 < bytes.count,
      bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
    {
      let mark = index
      index += 2
      let low = try hex4()
      if (0xDC00..<0xE000).contains(low) {
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Character(Unicode.Scalar(value) ?? "\u{FFFD}")
      }
      index = mark
    }
    return Character(Unicode.Scalar(high) ?? "\u{FFFD}")
  }

  private mutating func hex4() throws(Malformed) -> UInt32 {
    guard index + 4 <= bytes.count else { throw malformed }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw malformed
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number: an integer when it has no fraction or exponent and fits, else a double.
  private mutating func number() throws(Malformed) -> JSONTree {
    let start = index
    var whole = true
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"): break
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): whole = false
      default:
        return try finishNumber(from: start, whole: whole)
      }
      index += 1
    }
    return try finishNumber(from: start, whole: whole)
  }

  private func finishNumber(from start: Int, whole: Bool) throws(Malformed) -> JSONTree {
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if whole, let integer = Int(text) { return .integer(integer) }
    guard let number = Double(text), number.isFinite else { throw Malformed(offset: start) }
    return .number(number)
  }
}
