/// Where the last frame drew what a click can hit: a screen clears it when it starts drawing,
/// adds each button, row or field as it draws it, and asks it when a click arrives. Front-end
/// state, like `ListState`: the view models know nothing of it.
public struct ClickTargets<Target: Equatable> {
  private var areas: [(row: Int, columns: Range<Int>, target: Target)] = []

  public init() {}

  /// Forgets the last frame's targets.
  public mutating func removeAll() { areas.removeAll(keepingCapacity: true) }

  /// `target` covers `width` cells of `row` from `column`.
  public mutating func add(_ target: Target, row: Int, column: Int, width: Int) {
    guard width > 0 else { return }
    areas.append((row, column..<(column + width), target))
  }

  /// What a click at the cell hits: the target added last there (drawn on top), or nil.
  public func target(atRow row: Int, column: Int) -> Target? {
    areas.last { $0.row == row && $0.columns.contains(column) }?.target
  }
}
