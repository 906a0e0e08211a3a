/// The rows of a scrolling list as `ListState` sees them: how many, which ones can be
/// selected (a section header cannot), and how many screen lines each takes (a wrapped tweet
/// takes several). Heights are asked for only for the rows near the window.
public struct ListRows {
  public let count: Int
  let isSelectable: (Int) -> Bool
  let height: (Int) -> Int

  /// `count` rows; all selectable and one line high unless told otherwise.
  public init(
    count: Int, isSelectable: @escaping (Int) -> Bool = { _ in true },
    height: @escaping (Int) -> Int = { _ in 1 }
  ) {
    self.count = max(0, count)
    self.isSelectable = isSelectable
    self.height = { max(1, height($0)) }
  }
}

/// A scrolling list's state, kept by the front end (the view model knows nothing of it): the
/// selected row and the first row in the window. Every TUI list uses it: the catalog and the
/// order history, the task list (headers are not selectable), the tweets (rows of several
/// lines) and the members (two lines each).
public struct ListState: Equatable {
  /// The selected row (a selectable one whenever there is one).
  public private(set) var selection: Int
  /// The first row drawn.
  public private(set) var offset = 0

  /// Nothing scrolled; `selection` selected.
  public init(selection: Int = 0) { self.selection = max(0, selection) }

  /// The row drawn at `line` lines below the window's top (a click there), or nil below the
  /// last row.
  public func row(atLine line: Int, in rows: ListRows) -> Int? {
    guard line >= 0 else { return nil }
    var top = 0
    var index = offset
    while index < rows.count {
      let height = rows.height(index)
      if line < top + height { return index }
      top += height
      index += 1
    }
    return nil
  }

  /// Moves the selection by `delta` selectable rows (a page: the window's height), stopping
  /// at the ends, and scrolls so that it shows.
  public mutating func move(by delta: Int, in rows: ListRows, visible: Int) {
    let selectable = (0..<rows.count).filter(rows.isSelectable)
    guard !selectable.isEmpty else { return reset(in: rows, visible: visible) }
    let position =
      selectable.firstIndex(of: selection) ?? selectable.firstIndex { $0 >= selection }
      ?? selectable.count - 1
    selection = selectable[min(max(0, position + delta), selectable.count - 1)]
    scroll(in: rows, visible: visible)
  }

  /// The first selectable row.
  public mutating func moveToStart(in rows: ListRows, visible: Int) {
    move(by: -rows.count, in: rows, visible: visible)
  }

  /// The last selectable row.
  public mutating func moveToEnd(in rows: ListRows, visible: Int) {
    move(by: rows.count, in: rows, visible: visible)
  }

  /// Selects `index` (or the nearest selectable row after it, else before it) and scrolls so
  /// that it shows.
  public mutating func select(_ index: Int, in rows: ListRows, visible: Int) {
    selection = index
    clamp(in: rows, visible: visible)
  }

  /// After the rows or the window changed: keeps the selection inside the list and on a
  /// selectable row, and the window on the selection without space left below the last row.
  /// This state clamped as `clamp` would, as a copy: what a draw shows of a list whose rows
  /// or room changed since a key last moved it, without writing back.
  public func clamped(in rows: ListRows, visible: Int) -> ListState {
    var copy = self
    copy.clamp(in: rows, visible: visible)
    return copy
  }

  public mutating func clamp(in rows: ListRows, visible: Int) {
    guard rows.count > 0 else { return reset(in: rows, visible: visible) }
    selection = min(max(0, selection), rows.count - 1)
    for step in [1, -1] {
      var index = selection
      while (0..<rows.count).contains(index) && !rows.isSelectable(index) { index += step }
      if (0..<rows.count).contains(index) {
        selection = index
        break
      }
    }
    scroll(in: rows, visible: visible)
  }

  /// Keeps the window on the same rows after `count` rows arrived above them (a scrolled
  /// view stays where it was).
  public mutating func shift(by count: Int) {
    offset = max(0, offset + count)
    selection = max(0, selection + count)
  }

  private mutating func reset(in rows: ListRows, visible: Int) {
    selection = 0
    offset = 0
  }

  /// Scrolls the least that shows the selected row whole, then takes up any space left
  /// below the last row.
  private mutating func scroll(in rows: ListRows, visible: Int) {
    let window = max(1, visible)
    if selection < offset { offset = selection }
    while offset < selection
      && (offset...selection).reduce(0, { $0 + rows.height($1) }) > window
    {
      offset += 1
    }
    // The last offset that still fills the window: walk back from the end.
    var lastFull = rows.count
    var used = 0
    while lastFull > 0 && used + rows.height(lastFull - 1) <= window {
      lastFull -= 1
      used += rows.height(lastFull)
    }
    offset = max(0, min(offset, lastFull))
  }
}
