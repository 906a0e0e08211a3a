import Testing

@testable import ViewModelKit

@Suite("DerivedValue: a stream's latest value, readable at once")
struct DerivedValueTests {
  @Test("it starts at its initial value, follows its source, and replays the current value")
  func follows() {
    let source = PublishRelay<Int>()
    let doubled = DerivedValue(source.map { $0 * 2 }, initial: 0)
    #expect(doubled.value == 0)
    source.accept(4)
    #expect(doubled.value == 8)
    var seen: [Int] = []
    let reading = doubled.sink { seen.append($0) }
    source.accept(5)
    #expect(seen == [8, 10] && doubled.value == 10)
    reading.cancel()
  }

  @Test("a source that replays is current when init returns")
  func replaying() {
    let derived = DerivedValue(BehaviorRelay(value: "now"), initial: "before")
    #expect(derived.value == "now")
  }

  @Test("the subscription ends with the value: its source has no subscriber left")
  func lifetime() {
    let source = BehaviorRelay(value: 1)
    var derived: DerivedValue<Int>? = DerivedValue(source, initial: 0)
    #expect(source.subscriberCount == 1 && derived?.value == 1)
    derived = nil
    #expect(source.subscriberCount == 0)
  }
}
