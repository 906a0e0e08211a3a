/// Which fields of a form the user has edited: the one idiom of both checkout forms (the
/// order form and the account). A field shows no status (`.pristine`) before its first edit;
/// after it, its rule's verdict.
struct TouchedFields<Field: Hashable>: Equatable {
  private var edited: Set<Field> = []

  init(_ fields: Set<Field> = []) { edited = fields }

  /// Notes that `field` was edited.
  mutating func touch(_ field: Field) { edited.insert(field) }

  /// Makes `fields` pristine again (a form cleared by the app, not the user).
  mutating func reset(_ fields: Set<Field>) { edited.subtract(fields) }

  /// Whether the user has edited `field`.
  func contains(_ field: Field) -> Bool { edited.contains(field) }

  /// `.pristine` before the field's first edit, else what `rule` says.
  func status(_ field: Field, _ rule: () -> FieldStatus) -> FieldStatus {
    edited.contains(field) ? rule() : .pristine
  }
}
