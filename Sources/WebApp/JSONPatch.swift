/// What changed from one screen state to the next, so a page is sent that and not the whole
/// state (issue 40, item 6: a toggle in a 10,000-task list). A patch is itself JSON, one of:
///
/// - `{"value": V}`: V replaces the old value;
/// - `{"fields": {"title": P, …}, "removed": ["confirmation"]}`: an object whose named fields
///   change by their patches (a new field is `{"value": …}`) and whose `removed` fields go;
/// - `{"items": {"3": P, …}}`: a list of the same length whose items at those places change;
/// - `{"splice": [at, count, [V, …]]}`: a list whose `count` items from `at` are replaced by
///   the values given; the items before and after are the old ones.
///
/// The page applies it in `app.js` (`patch`); `apply` here is the same rule, which the tests
/// hold the diff to.
enum JSONPatch {
  /// The patch that turns `old` into `new`; nil when they are equal.
  static func from(_ old: JSONTree, to new: JSONTree) -> JSONTree? {
    if old == new { return nil }
    switch (old, new) {
    case (.object(let before), .object(let after)):
      var fields: [String: JSONTree] = [:]
      for (key, value) in after {
        if let previous = before[key] {
          if let change = from(previous, to: value) { fields[key] = change }
        } else {
          fields[key] = .object(["value": value])
        }
      }
      let removed = before.keys.filter { after[$0] == nil }.sorted().map(JSONTree.string)
      var patch: [String: JSONTree] = [:]
      if !fields.isEmpty { patch["fields"] = .object(fields) }
      if !removed.isEmpty { patch["removed"] = .array(removed) }
      return .object(patch)
    case (.array(let before), .array(let after)):
      return listPatch(before, after)
    default:
      return .object(["value": new])
    }
  }

  /// A list's patch: the items kept at both ends are not sent; between them, items changed in
  /// place are patched one by one, and anything else is one splice.
  private static func listPatch(_ before: [JSONTree], _ after: [JSONTree]) -> JSONTree {
    var head = 0
    while head < before.count, head < after.count, before[head] == after[head] { head += 1 }
    var tail = 0
    while tail < before.count - head, tail < after.count - head,
      before[before.count - 1 - tail] == after[after.count - 1 - tail]
    {
      tail += 1
    }
    let oldMiddle = head..<(before.count - tail)
    let newMiddle = head..<(after.count - tail)
    if oldMiddle.count == newMiddle.count {
      var items: [String: JSONTree] = [:]
      for index in oldMiddle {
        if let change = from(before[index], to: after[index]) { items[String(index)] = change }
      }
      return .object(["items": .object(items)])
    }
    return .object([
      "splice": .array([
        .integer(head), .integer(oldMiddle.count), .array(Array(after[newMiddle])),
      ])
    ])
  }

  /// `patch` applied to `value`: what the page does with it.
  static func apply(_ patch: JSONTree, to value: JSONTree) -> JSONTree {
    guard case .object(let parts) = patch else { return value }
    if let replacement = parts["value"] { return replacement }
    switch value {
    case .object(var fields):
      if case .object(let changes)? = parts["fields"] {
        for (key, change) in changes { fields[key] = apply(change, to: fields[key] ?? .null) }
      }
      if case .array(let removed)? = parts["removed"] {
        for case .string(let key) in removed { fields[key] = nil }
      }
      return .object(fields)
    case .array(var items):
      if case .object(let changes)? = parts["items"] {
        for (key, change) in changes {
          guard let index = Int(key), items.indices.contains(index) else { continue }
          items[index] = apply(change, to: items[index])
        }
      }
      if case .array(let splice)? = parts["splice"], splice.count == 3,
        case .integer(let at) = splice[0], case .integer(let count) = splice[1],
        case .array(let inserted) = splice[2], at >= 0, count >= 0, at <= items.count,
        count <= items.count - at
      {
        items.replaceSubrange(at..<(at + count), with: inserted)
      }
      return .array(items)
    default:
      return value
    }
  }
}
