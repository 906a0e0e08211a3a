import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("combineLatest")
struct CombineLatestTests {
  let scheduler = DispatchQueue.test

  @Test func silentUntilEverySourceHasEmitted() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<String, Never>()
    let recorder = a.combineLatest(b).map { "\($0)\($1)" }.record(on: scheduler)
    a.send(1)
    a.send(2)
    #expect(recorder.values.isEmpty)
    b.send("x")
    #expect(recorder.values == ["2x"])
  }

  @Test func emitsOnEveryLaterChangeOfAnySource() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = a.combineLatest(b, +).record(on: scheduler)
    a.send(1)
    b.send(10)
    a.send(2)
    b.send(20)
    #expect(recorder.values == [11, 12, 22])
  }

  @Test func finishesOnlyWhenAllSourcesFinish() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = a.combineLatest(b, +).record(on: scheduler)
    a.send(1)
    b.send(1)
    a.send(completion: .finished)
    #expect(!recorder.isFinished)
    b.send(5)
    #expect(recorder.values == [2, 6])
    b.send(completion: .finished)
    #expect(recorder.isFinished)
  }

  @Test func failsOnTheFirstFailureAndCancelsTheOthers() {
    let a = PassthroughSubject<Int, TestError>()
    let b = CountingSource<Int, TestError>()
    let recorder = a.combineLatest(b.publisher, +).record(on: scheduler)
    a.send(1)
    b.subject.send(1)
    a.send(completion: .failure(TestError(code: 7)))
    #expect(recorder.failure == TestError(code: 7))
    #expect(b.cancellations == 1)
    b.subject.send(2)
    #expect(recorder.values == [2])
  }

  @Test func honoursDemandAndKeepsOnlyTheLatestCombination() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let recorder = a.combineLatest(b, +).record(on: scheduler, demand: .max(1))
    a.send(1)
    b.send(10)
    a.send(2)
    a.send(3)
    #expect(recorder.values == [11])
    recorder.request(.max(1))
    #expect(recorder.values == [11, 13])
    recorder.request(.max(5))
    #expect(recorder.values == [11, 13])
    b.send(20)
    #expect(recorder.values == [11, 13, 23])
  }

  @Test func cancellationReachesEverySource() {
    let a = CountingSource<Int, Never>()
    let b = CountingSource<Int, Never>()
    let recorder = a.publisher.combineLatest(b.publisher).record(on: scheduler)
    #expect(a.subscriptions == 1 && b.subscriptions == 1)
    recorder.cancel()
    #expect(a.cancellations == 1 && b.cancellations == 1)
    a.subject.send(1)
    b.subject.send(1)
    #expect(recorder.values.isEmpty)
  }

  @Test func threeSources() {
    let a = PassthroughSubject<Int, Never>()
    let b = PassthroughSubject<Int, Never>()
    let c = PassthroughSubject<Int, Never>()
    let recorder = a.combineLatest(b, c) { $0 * 100 + $1 * 10 + $2 }.record(on: scheduler)
    a.send(1)
    b.send(2)
    #expect(recorder.values.isEmpty)
    c.send(3)
    b.send(4)
    #expect(recorder.values == [123, 143])
  }

  @Test func fourSources() {
    let a = CurrentValueSubject<Int, Never>(1)
    let b = CurrentValueSubject<Int, Never>(2)
    let c = CurrentValueSubject<Int, Never>(3)
    let d = PassthroughSubject<Int, Never>()
    let recorder = a.combineLatest(b, c, d).map { [$0, $1, $2, $3] }.record(on: scheduler)
    #expect(recorder.values.isEmpty)
    d.send(4)
    a.send(9)
    #expect(recorder.values == [[1, 2, 3, 4], [9, 2, 3, 4]])
  }

  @Test func fourSourcesFinishTogether() {
    let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = subjects[0].combineLatest(subjects[1], subjects[2], subjects[3])
      .map { $0 + $1 + $2 + $3 }.record(on: scheduler)
    subjects.forEach { $0.send(1) }
    subjects.dropLast().forEach { $0.send(completion: .finished) }
    #expect(!recorder.isFinished)
    subjects[3].send(completion: .finished)
    #expect(recorder.values == [4])
    #expect(recorder.isFinished)
  }

  @Test func collectionKeepsCollectionOrder() {
    let subjects = (0..<5).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = subjects.combineLatest().record(on: scheduler)
    for (index, subject) in subjects.enumerated().reversed() { subject.send(index) }
    #expect(recorder.values == [[0, 1, 2, 3, 4]])
    subjects[2].send(20)
    #expect(recorder.last == [0, 1, 20, 3, 4])
  }

  @Test func emptyCollectionFinishesAtOnce() {
    let recorder = [PassthroughSubject<Int, Never>]().combineLatest().record(on: scheduler)
    #expect(recorder.values.isEmpty)
    #expect(recorder.isFinished)
  }

  @Test func synchronousSourcesCombineOnSubscribe() {
    let recorder = [Just(1), Just(2)].combineLatest().record(on: scheduler)
    #expect(recorder.values == [[1, 2]])
    #expect(recorder.isFinished)
  }
}
