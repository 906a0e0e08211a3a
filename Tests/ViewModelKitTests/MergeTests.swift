import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("merge")
struct MergeTests {
  let scheduler = DispatchQueue.test

  @Test func interleavesInArrivalOrder() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = a.merge(with: b).record(on: scheduler)
    a.send(1)
    b.send(2)
    a.send(3)
    b.send(4)
    #expect(recorder.values == [1, 2, 3, 4])
  }

  @Test func finishesOnlyWhenAllFinish() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = a.merge(with: b).record(on: scheduler)
    a.send(completion: .finished)
    #expect(!recorder.isFinished)
    b.send(1)
    b.send(completion: .finished)
    #expect(recorder.values == [1])
    #expect(recorder.isFinished)
  }

  @Test func failsOnTheFirstFailure() {
    let a = PassthroughSubject<Int, TestError>()
    let b = CountingSource<Int, TestError>()
    let recorder = a.merge(with: b.publisher).record(on: scheduler)
    b.subject.send(1)
    a.send(completion: .failure(TestError()))
    b.subject.send(2)
    #expect(recorder.values == [1])
    #expect(recorder.failure == TestError())
    #expect(b.cancellations == 1)
  }

  @Test func threeAndFourSources() {
    let s = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let three = s[0].merge(with: s[1], s[2]).record(on: scheduler)
    let four = s[0].merge(with: s[1], s[2], s[3]).record(on: scheduler)
    s[3].send(3)
    s[2].send(2)
    s[0].send(0)
    s[1].send(1)
    #expect(three.values == [2, 0, 1])
    #expect(four.values == [3, 2, 0, 1])
  }

  @Test func collectionOfPublishers() {
    let s = (0..<6).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = s.merge().record(on: scheduler)
    for (index, subject) in s.enumerated() { subject.send(index * 10) }
    s.forEach { $0.send(completion: .finished) }
    #expect(recorder.values == [0, 10, 20, 30, 40, 50])
    #expect(recorder.isFinished)
  }

  @Test func mergeManyOfSynchronousSources() {
    let recorder = Publishers.MergeMany(Just(1), Just(2), Just(3)).record(on: scheduler)
    #expect(recorder.values == [1, 2, 3])
    #expect(recorder.isFinished)
  }

  @Test func honoursDemandWithoutLosingValues() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = a.merge(with: b).record(on: scheduler, demand: .max(1))
    a.send(1)
    b.send(2)
    a.send(3)
    #expect(recorder.values == [1])
    recorder.request(.max(2))
    #expect(recorder.values == [1, 2, 3])
  }

  @Test func cancellationReachesEverySource() {
    let a = CountingSource<Int, Never>()
    let b = CountingSource<Int, Never>()
    let recorder = a.publisher.merge(with: b.publisher).record(on: scheduler)
    recorder.cancel()
    #expect(a.cancellations == 1 && b.cancellations == 1)
  }

  @Test func finishWaitsForBufferedValues() {
    let a = PassthroughSubject<Int, Never>()
    let recorder = a.merge(with: Empty()).record(on: scheduler, demand: .none)
    a.send(1)
    a.send(completion: .finished)
    #expect(!recorder.isFinished)
    recorder.request(.unlimited)
    #expect(recorder.values == [1])
    #expect(recorder.isFinished)
  }
}
