import Testing

@testable import TerminalUI

@Suite("ListState")
struct ListStateTests {
  @Test("the selection moves within the list and the window follows it")
  func uniformRows() {
    var list = ListState()
    let ten = ListRows(count: 10)
    list.move(by: 5, in: ten, visible: 3)
    #expect(list.selection == 5 && list.offset == 3)
    list.moveToEnd(in: ten, visible: 3)
    #expect(list.selection == 9 && list.offset == 7)
    list.clamp(in: ListRows(count: 4), visible: 3)
    #expect(list.selection == 3 && list.offset == 1)
    list.move(by: -10, in: ListRows(count: 4), visible: 3)
    #expect(list.selection == 0 && list.offset == 0)
    list.move(by: 1, in: ListRows(count: 0), visible: 3)
    #expect(list.selection == 0 && list.offset == 0)
  }

  @Test("rows that cannot be selected are passed over, by a step and by a page")
  func headers() {
    // A header, two tasks, a header, one task.
    let rows = ListRows(count: 5, isSelectable: { $0 != 0 && $0 != 3 })
    var list = ListState()
    list.clamp(in: rows, visible: 10)
    #expect(list.selection == 1)
    list.move(by: 2, in: rows, visible: 10)
    #expect(list.selection == 4)
    list.move(by: -10, in: rows, visible: 10)
    #expect(list.selection == 1)
    list.select(3, in: rows, visible: 10)  // a header: the next task
    #expect(list.selection == 4)
    list.select(9, in: rows, visible: 10)  // past the end: the last task
    #expect(list.selection == 4)
  }

  @Test("rows of several lines scroll until the selected one shows whole")
  func tallRows() {
    let rows = ListRows(count: 6, height: { $0 == 2 ? 4 : 2 })
    var list = ListState()
    list.move(by: 2, in: rows, visible: 6)
    // Rows 0, 1, 2 take 2 + 2 + 4 lines: row 0 scrolls away.
    #expect(list.selection == 2 && list.offset == 1)
    list.moveToEnd(in: rows, visible: 6)
    // The last three rows (2 + 2 + 2 lines) fill the window.
    #expect(list.selection == 5 && list.offset == 3)
  }

  @Test("rows that arrive above a scrolled view keep it on the same rows")
  func shift() {
    var list = ListState()
    list.move(by: 8, in: ListRows(count: 10), visible: 3)
    list.shift(by: 2)
    #expect(list.selection == 10 && list.offset == 8)
  }
}
