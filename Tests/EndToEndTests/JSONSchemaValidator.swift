import Foundation

/// A JSON value as the validator reads it: numbers keep whether they were whole.
indirect enum JSONAny: Decodable, Equatable {
  case null, bool(Bool), integer(Int), number(Double), string(String)
  case array([JSONAny]), object([String: JSONAny])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONAny].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONAny].self))
    }
  }

  static func parse(_ text: String) throws -> JSONAny {
    try JSONDecoder().decode(JSONAny.self, from: Data(text.utf8))
  }
}

/// The part of JSON Schema (2020-12) that Docs/cli-json.schema.json uses: `type`,
/// `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `pattern`,
/// `minimum`/`maximum`, `anyOf` and `$ref` to `#/$defs/…`. Each problem is a path and a reason.
struct JSONSchemaValidator {
  let root: JSONAny

  /// The schema file in Docs.
  static func cliSchema() throws -> JSONSchemaValidator {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Docs/cli-json.schema.json")
    return JSONSchemaValidator(root: try JSONAny.parse(String(contentsOf: url, encoding: .utf8)))
  }

  /// `#/$defs/<name>`.
  func definition(_ name: String) -> JSONAny? {
    guard case .object(let top) = root, case .object(let defs)? = top["$defs"] else { return nil }
    return defs[name]
  }

  /// The problems of `value` against the definition `name` (none: valid).
  func problems(_ value: JSONAny, against name: String) -> [String] {
    guard let schema = definition(name) else { return ["no definition \(name)"] }
    return problems(value, schema, at: "$")
  }

  func problems(_ value: JSONAny, _ schema: JSONAny, at path: String) -> [String] {
    guard case .object(let rules) = schema else { return ["\(path): schema is not an object"] }
    if case .string(let reference)? = rules["$ref"] {
      let name = String(reference.dropFirst("#/$defs/".count))
      guard let target = definition(name) else { return ["\(path): no \(reference)"] }
      return problems(value, target, at: path)
    }
    if case .array(let options)? = rules["anyOf"] {
      let fits = options.contains { problems(value, $0, at: path).isEmpty }
      return fits ? [] : ["\(path): \(value) matches none of anyOf"]
    }
    var found: [String] = []
    if case .array(let allowed)? = rules["enum"], !allowed.contains(value) {
      found.append("\(path): \(value) is not one of \(allowed)")
    }
    if case .string(let type)? = rules["type"], !Self.matches(value, type) {
      return found + ["\(path): \(value) is not \(type)"]
    }
    switch value {
    case .string(let text):
      if case .string(let pattern)? = rules["pattern"],
        text.range(of: pattern, options: .regularExpression) == nil
      {
        found.append("\(path): \"\(text)\" does not match \(pattern)")
      }
    case .integer(let number):
      found += bounds(Double(number), rules, path)
    case .number(let number):
      found += bounds(number, rules, path)
    case .array(let items):
      if let itemSchema = rules["items"] {
        for (index, item) in items.enumerated() {
          found += problems(item, itemSchema, at: "\(path)[\(index)]")
        }
      }
    case .object(let fields):
      let properties: [String: JSONAny]
      if case .object(let declared)? = rules["properties"] {
        properties = declared
      } else {
        properties = [:]
      }
      if case .array(let required)? = rules["required"] {
        for case .string(let key) in required where fields[key] == nil {
          found.append("\(path): missing \(key)")
        }
      }
      for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
        if let propertySchema = properties[key] {
          found += problems(field, propertySchema, at: "\(path).\(key)")
        } else if rules["additionalProperties"] == .bool(false) {
          found.append("\(path): unexpected \(key)")
        }
      }
    default: break
    }
    return found
  }

  private func bounds(_ number: Double, _ rules: [String: JSONAny], _ path: String) -> [String] {
    var found: [String] = []
    if case .integer(let minimum)? = rules["minimum"], number < Double(minimum) {
      found.append("\(path): \(number) < \(minimum)")
    }
    if case .integer(let maximum)? = rules["maximum"], number > Double(maximum) {
      found.append("\(path): \(number) > \(maximum)")
    }
    return found
  }

  private static func matches(_ value: JSONAny, _ type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer),
      ("number", .number), ("string", .string), ("array", .array), ("object", .object):
      true
    default: false
    }
  }
}
