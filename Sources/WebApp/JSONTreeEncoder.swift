import Foundation
import ViewModelKit

/// Encodes a screen state straight into its wire form's tree (`JSONTree`), with no text in
/// between, and keeps the tree of every row (an `Identifiable & Equatable` part, a task, a
/// tweet) it encoded last time: a row equal to the one it had is not encoded again. So the
/// state of a 10,000-task list in which one task changed encodes one task. One per tab; rows
/// not in the latest state are forgotten.
///
/// The tree is the one `WireFormat.encoder()` writes: dates as `WireFormat.dateText`, URLs as
/// their text, data as Base64, absent optionals left out (`JSONTreeEncoderTests` compares the
/// two on every app's states). Not shared: each tab's connection holds its own.
final class JSONTreeEncoder {
  private struct RowKey: Hashable {
    let type: ObjectIdentifier
    let id: AnyHashable
  }

  private var rows: [RowKey: (value: any Equatable, tree: JSONTree)] = [:]
  private var encoded: [RowKey: (value: any Equatable, tree: JSONTree)] = [:]

  /// The tree of `value`.
  func tree(of value: some Encodable) throws -> JSONTree {
    encoded.removeAll(keepingCapacity: true)
    let tree = try Self.encode(value, rows: self)
    swap(&rows, &encoded)
    return tree
  }

  /// How many rows are kept for the next state.
  var keptRows: Int { rows.count }

  /// The tree of one value: a row from the cache when it is unchanged.
  static func encode<T: Encodable>(_ value: T, rows: JSONTreeEncoder?) throws
    -> JSONTree
  {
    switch value {
    case let text as String: return .string(text)
    case let number as Int: return .integer(number)
    case let flag as Bool: return .bool(flag)
    case let number as Double: return Self.number(number)
    case let number as any BinaryInteger:
      return Int(exactly: number).map(JSONTree.integer) ?? .number(Double(number))
    case let number as any BinaryFloatingPoint: return Self.number(Double(number))
    case let date as Date: return .string(WireFormat.dateText(date))
    case let url as URL: return .string(url.absoluteString)
    case let data as Data: return .string(data.base64EncodedString())
    case let decimal as Decimal: return Self.number(NSDecimalNumber(decimal: decimal).doubleValue)
    default: break
    }
    if let rows, let row = value as? any Identifiable & Equatable {
      return try rows.cached(row, value)
    }
    let encoder = TreeEncoder(rows: rows, codingPath: [])
    try value.encode(to: encoder)
    return encoder.box.tree
  }

  /// A number as the wire's text reads back: a whole one as an integer (`1012`, not `1012.0`).
  private static func number(_ value: Double) -> JSONTree {
    Int(exactly: value).map(JSONTree.integer) ?? .number(value)
  }

  private func cached<Row: Identifiable & Equatable, T: Encodable>(_ row: Row, _ value: T) throws
    -> JSONTree
  {
    let key = RowKey(type: ObjectIdentifier(Row.self), id: AnyHashable(row.id))
    if let kept = rows[key], (kept.value as? Row) == row {
      encoded[key] = kept
      return kept.tree
    }
    let encoder = TreeEncoder(rows: self, codingPath: [])
    try value.encode(to: encoder)
    let tree = encoder.box.tree
    encoded[key] = (row, tree)
    return tree
  }
}

/// What a container has written so far; resolved into a tree once the value is encoded.
private final class TreeBox {
  enum Slot {
    case done(JSONTree)
    case box(TreeBox)
    var tree: JSONTree {
      switch self {
      case .done(let tree): tree
      case .box(let box): box.tree
      }
    }
  }

  enum Content {
    case empty
    case single(JSONTree)
    case object([String: Slot])
    case array([Slot])
  }

  var content = Content.empty

  var tree: JSONTree {
    switch content {
    case .empty: .object([:])
    case .single(let tree): tree
    case .object(let fields): .object(fields.mapValues(\.tree))
    case .array(let items): .array(items.map(\.tree))
    }
  }

  func set(_ slot: Slot, forKey key: String) {
    if case .object(var fields) = content {
      content = .empty
      fields[key] = slot
      content = .object(fields)
    } else {
      content = .object([key: slot])
    }
  }

  func append(_ slot: Slot) {
    if case .array(var items) = content {
      content = .empty
      items.append(slot)
      content = .array(items)
    } else {
      content = .array([slot])
    }
  }
}

/// The `Encoder` the tree is written through.
private struct TreeEncoder: Encoder {
  let rows: JSONTreeEncoder?
  let box = TreeBox()
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(rows: JSONTreeEncoder?, codingPath: [any CodingKey]) {
    self.rows = rows
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = box.content {} else { box.content = .object([:]) }
    return KeyedEncodingContainer(TreeKeyed<Key>(encoder: self, box: box))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .array = box.content {} else { box.content = .array([]) }
    return TreeUnkeyed(encoder: self, box: box)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { TreeSingle(encoder: self) }

  func tree(of value: some Encodable) throws -> JSONTree {
    try JSONTreeEncoder.encode(value, rows: rows)
  }
}

private struct TreeKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: TreeEncoder
  let box: TreeBox
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil(forKey key: Key) throws { box.set(.done(.null), forKey: key.stringValue) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    box.set(.done(try encoder.tree(of: value)), forKey: key.stringValue)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    child(key).container(keyedBy: keyType)
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    child(key).unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { child(JSONTree.AnyKey("super")) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }

  private func child(_ key: some CodingKey) -> TreeEncoder {
    let nested = TreeEncoder(rows: encoder.rows, codingPath: codingPath + [key])
    box.set(.box(nested.box), forKey: key.stringValue)
    return nested
  }
}

private struct TreeUnkeyed: UnkeyedEncodingContainer {
  let encoder: TreeEncoder
  let box: TreeBox
  var codingPath: [any CodingKey] { encoder.codingPath }
  var count: Int {
    if case .array(let items) = box.content { items.count } else { 0 }
  }

  mutating func encodeNil() throws { box.append(.done(.null)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    box.append(.done(try encoder.tree(of: value)))
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  { child().container(keyedBy: keyType) }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    child().unkeyedContainer()
  }
  mutating func superEncoder() -> any Encoder { child() }

  private func child() -> TreeEncoder {
    let nested = TreeEncoder(
      rows: encoder.rows, codingPath: codingPath + [JSONTree.AnyKey(String(count))])
    box.append(.box(nested.box))
    return nested
  }
}

private struct TreeSingle: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  mutating func encodeNil() throws { encoder.box.content = .single(.null) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.box.content = .single(try encoder.tree(of: value))
  }
}
