import Testing

@testable import CLIApp

/// Issue 28, item 7: a capped list is compared by what the screen shows, and its whole form is
/// made only when something prints it whole.
@Suite("CLI values")
struct CLIValueTests {
  @Test("two capped lists with the same capped forms are equal, whatever their wholes")
  func cappedEquality() {
    var madeWhole = 0
    func list(_ capped: [String], whole: [String]) -> CLIValue {
      .cappedList(
        capped: capped.map { CLILine($0) }, cappedJSON: .array(capped.map(JSONValue.string)),
        whole: WholeList(
          rows: {
            madeWhole += 1
            return whole.map { CLILine($0) }
          }, json: { .array(whole.map(JSONValue.string)) }))
    }
    #expect(
      list(["a", "… and 2 more"], whole: ["a", "b", "c"])
        == list(["a", "… and 2 more"], whole: ["a", "b", "x"]))
    #expect(list(["a"], whole: ["a"]) != list(["b"], whole: ["a"]))
    #expect(madeWhole == 0, "comparing made no whole form")
    let value = list(["a"], whole: ["a", "b"])
    if case .cappedList(_, _, let whole) = value {
      #expect(whole.rows.map(\.text) == ["a", "b"] && whole.rows.map(\.text) == ["a", "b"])
    }
    #expect(madeWhole == 1, "the whole form is made once, when asked for")
  }

  @Test("JSON values are equal when they would be written the same")
  func jsonEquality() {
    #expect(
      JSONValue.object([("a", .int(1)), ("b", .null)]) == .object([("b", .null), ("a", .int(1))]))
    #expect(JSONValue.array([.string("x")]) != .array([.string("y")]))
    #expect(JSONValue.int(1) != .string("1"))
    #expect(JSONValue.double(0.5) == .double(0.5))
  }
}
