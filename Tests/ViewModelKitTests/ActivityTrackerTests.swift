import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("ActivityTracker")
struct ActivityTrackerTests {
  @Test("counting: busy from subscription to the end, values delivered where they are made")
  func counting() {
    let scheduler = DispatchQueue.test
    let tracker = ActivityTracker(scheduler: scheduler.eraseToAnyScheduler())
    let subject = PassthroughSubject<Int, Never>()
    var values: [Int] = []
    let running = tracker.counting(subject).sink { values.append($0) }
    #expect(tracker.isBusy)
    subject.send(1)
    #expect(values == [1])  // no hop to the scheduler
    subject.send(completion: .finished)
    #expect(!tracker.isBusy)
    let cancelled = tracker.counting(Empty<Int, Never>(completeImmediately: false)).sink { _ in }
    #expect(tracker.isBusy)
    cancelled.cancel()
    #expect(!tracker.isBusy)
    _ = running
  }

  @Test("track: the same counting, with values handed to the scheduler")
  func track() {
    let scheduler = DispatchQueue.test
    let tracker = ActivityTracker(scheduler: scheduler.eraseToAnyScheduler())
    var values: [Int] = []
    let running = tracker.track(Just(7)).sink { values.append($0) }
    #expect(values.isEmpty && tracker.isBusy)
    scheduler.advance()
    #expect(values == [7] && !tracker.isBusy)
    _ = running
  }
}
