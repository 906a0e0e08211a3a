import Foundation
import Testing
import ViewModelKit

/// `Locked`, the one lock type: exclusive access under contention, and values in and out.
@Suite("Locked")
struct LockedTests {
  @Test("threads incrementing under the lock lose no increment")
  func noLostIncrements() {
    let counter = Locked(0)
    let threads = 8
    let rounds = 20_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == threads * rounds)
  }

  @Test("a state of several fields is never seen half changed")
  func neverHalfChanged() {
    struct Pair { var a = 0, b = 0 }
    let pair = Locked(Pair())
    let torn = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for _ in 0..<10_000 {
        if index.isMultiple(of: 2) {
          pair.withLock {
            $0.a += 1
            $0.b += 1
          }
        } else if pair.withLock({ $0.a != $0.b }) {
          torn.withLock { $0 += 1 }
        }
      }
    }
    #expect(torn.withLock { $0 } == 0)
    #expect(pair.withLock { $0.a } == 20_000)
  }

  @Test("withLock answers what its body answers, and rethrows what it throws")
  func answersAndRethrows() throws {
    struct Refused: Error {}
    let names = Locked(["a"])
    let count = names.withLock { names -> Int in
      names.append("b")
      return names.count
    }
    #expect(count == 2)
    #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
    #expect(names.withLock { $0 } == ["a", "b"])
  }
}
