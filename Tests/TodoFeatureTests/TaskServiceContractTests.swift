import Foundation
import Testing
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// The contract of §3.1, run against every TaskService implementation.
struct ServiceFactory: CustomStringConvertible, Sendable {
  let description: String
  let make: @Sendable (_ clock: @escaping @Sendable () -> Date) throws -> any TaskService
}

let serviceFactories: [ServiceFactory] = [
  ServiceFactory(description: "in memory") { clock in
    InMemoryTaskService(tasks: TaskItem.starterTasks(at: T0), clock: clock)
  },
  ServiceFactory(description: "SQLite in memory") { clock in
    try SQLiteTaskService.inMemory(clock: clock)
  },
  ServiceFactory(description: "SQLite file") { clock in
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-contract-\(UUID().uuidString)")
    return try SQLiteTaskService.open(
      at: folder.appendingPathComponent("todo.sqlite"), clock: clock,
      scheduler: DispatchQueue.test.eraseToAnyScheduler())
  },
]

@Suite("Todo: TaskService contract")
struct TaskServiceContractTests {
  @Test("snapshots come at once and follow changes, without repeats", arguments: serviceFactories)
  func snapshots(factory: ServiceFactory) throws {
    let clock = ManualClock()
    let service = try factory.make(clock.function)
    let scheduler = DispatchQueue.test
    let tasks = service.tasks.record(on: scheduler)
    let statistics = service.statistics.record(on: scheduler)
    #expect(tasks.values.count == 1 && tasks.values[0].count == 5)
    #expect(statistics.values == [TaskStatistics(total: 5, due: 5)])
    let created = try run(service.createTask(title: "Buy oat milk")).get()
    #expect(created.uid == 6 && created.added == T0 && created.checked == nil)
    #expect(tasks.values.count == 2)
    #expect(statistics.values.last == TaskStatistics(total: 6, due: 6))
    _ = try run(service.update(created, title: "Buy oat milk")).get()
    #expect(tasks.values.count == 2)  // an unchanged snapshot is not repeated
    _ = try run(service.update(created, title: "Buy rice")).get()
    #expect(tasks.values.count == 3)
    #expect(statistics.values.count == 2)  // counts unchanged by a rename
  }

  @Test("a mutation's value comes after its change is published", arguments: serviceFactories)
  func valueAfterChange(factory: ServiceFactory) throws {
    let service = try factory.make({ T0 })
    var log: [String] = []
    let a = service.tasks.sink(
      receiveCompletion: { _ in }, receiveValue: { log.append("tasks \($0.count)") })
    let b = service.statistics.sink(
      receiveCompletion: { _ in }, receiveValue: { log.append("due \($0.due)") })
    log.removeAll()
    let created = service.createTask(title: "x")
      .handleEvents(receiveOutput: { log.append("created \($0.uid)") }).eraseToAnyPublisher()
    _ = run(created)
    #expect(log == ["tasks 6", "due 6", "created 6"])
    _ = (a, b)
  }

  @Test(
    "the listing is every task in section order, after every change", arguments: serviceFactories)
  func listing(factory: ServiceFactory) throws {
    let clock = ManualClock()
    let service = try factory.make(clock.function)
    let scheduler = DispatchQueue.test
    let listings = service.listing.record(on: scheduler)
    let tasks = service.tasks.record(on: scheduler)
    clock.set(T0.addingTimeInterval(60))
    let created = try run(service.createTask(title: "newest")).get()
    clock.set(T0.addingTimeInterval(120))
    _ = try run(service.toggle(try #require(current(service.tasks)?.first { $0.uid == 2 }))).get()
    _ = try run(service.toggle(try #require(current(service.tasks)?.first { $0.uid == 4 }))).get()
    _ = try run(service.delete(created)).get()
    #expect(listings.values.count == tasks.values.count)
    for (listing, snapshot) in zip(listings.values, tasks.values) {
      #expect(listing == TaskListing(snapshot))
      #expect(listing.count == snapshot.count)
    }
    let last = try #require(listings.last)
    #expect(last.due.map(\.uid) == [5, 3, 1])
    #expect(last.done.map(\.uid) == [4, 2])  // checked at the same time: uid, highest first
    #expect(last.task(uid: 4)?.isDone == true && last.task(uid: 6) == nil)
  }

  @Test("mutations are cold", arguments: serviceFactories)
  func cold(factory: ServiceFactory) throws {
    let service = try factory.make({ T0 })
    let pending = service.createTask(title: "never")
    #expect(current(service.tasks)?.count == 5)
    _ = pending
  }

  @Test("toggle flips the stored state with the clock", arguments: serviceFactories)
  func toggle(factory: ServiceFactory) throws {
    let clock = ManualClock()
    let service = try factory.make(clock.function)
    let stale = try #require(current(service.tasks)?.first { $0.uid == 2 })
    clock.set(T0.addingTimeInterval(6.0009))
    let checked = try run(service.toggle(stale)).get()
    #expect(checked.checked == T0.addingTimeInterval(6))
    let unchecked = try run(service.toggle(stale)).get()
    #expect(unchecked.checked == nil)
  }

  @Test("TD-74 operations on missing uids fail and change nothing", arguments: serviceFactories)
  func td74(factory: ServiceFactory) throws {
    let service = try factory.make({ T0 })
    let ghost = TaskItem(uid: 99, title: "ghost", added: T0)
    #expect(run(service.update(ghost, title: "x")) == .failure(.updateFailed(ghost)))
    #expect(run(service.toggle(ghost)) == .failure(.toggleFailed(ghost)))
    #expect(run(service.delete(ghost)) == .failure(.deletionFailed(ghost)))
    let three = try #require(current(service.tasks)?.first { $0.uid == 3 })
    #expect(run(service.restore(three)) == .failure(.restoreFailed(three)))
    #expect(current(service.statistics) == TaskStatistics(total: 5, due: 5))
  }

  @Test("TD-40 uids are never reused; restore keeps the uid", arguments: serviceFactories)
  func uids(factory: ServiceFactory) throws {
    let service = try factory.make({ T0 })
    let six = try run(service.createTask(title: "a")).get()
    _ = try run(service.delete(six)).get()
    #expect(try run(service.createTask(title: "b")).get().uid == 7)
    _ = try run(service.restore(six)).get()
    #expect(current(service.tasks)?.contains(six) == true)
  }
}
