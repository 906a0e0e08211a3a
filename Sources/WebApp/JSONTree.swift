import Foundation
import ViewModelKit

/// A screen state's wire form as a tree, so the web head can tell what changed between two
/// states and send only that (`JSONPatch`). Built by `JSONTreeEncoder`; a whole number is an
/// integer, as the wire's text reads back.
enum JSONTree: Equatable, Sendable, Encodable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .integer(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .number(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .string(let value):
      var single = encoder.singleValueContainer()
      try single.encode(value)
    case .array(let items):
      var list = encoder.unkeyedContainer()
      for item in items { try list.encode(item) }
    case .object(let fields):
      var keyed = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in fields { try keyed.encode(value, forKey: AnyKey(key)) }
    }
  }

  /// Any string as a coding key.
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
