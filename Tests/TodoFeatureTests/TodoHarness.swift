import Foundation
import TodoFeature
import ViewModelKit
import ViewModelKitTesting

/// A service over InMemoryTaskService that can fail or answer late.
final class FakeTaskService: TaskService {
  let inner: InMemoryTaskService
  let scheduler: TestSchedulerOf<DispatchQueue>
  var failCreate = false, failUpdate = false, failToggle = false, failDelete = false
  var delay: Double = 0
  var updates = 0, toggles = 0
  let streamFailures = PublishRelay<Void>()
  var failStreams = false

  init(tasks: [TaskItem], scheduler: TestSchedulerOf<DispatchQueue>) {
    self.scheduler = scheduler
    inner = InMemoryTaskService(
      tasks: tasks, clock: { [scheduler] in T0.addingTimeInterval(scheduler.elapsed) })
  }

  private func failing<T>(_ publisher: AnyPublisher<T, TaskServiceError>) -> AnyPublisher<
    T, TaskServiceError
  > {
    publisher.flatMap { [streamFailures] value in
      streamFailures.setFailureType(to: TaskServiceError.self)
        .flatMap { _ in Fail<T, TaskServiceError>(error: .loadFailed) }
        .prepend(value)
    }
    .eraseToAnyPublisher()
  }

  var tasks: AnyPublisher<[TaskItem], TaskServiceError> {
    failStreams ? Fail(error: .loadFailed).eraseToAnyPublisher() : failing(inner.tasks)
  }
  var statistics: AnyPublisher<TaskStatistics, TaskServiceError> {
    failStreams ? Fail(error: .loadFailed).eraseToAnyPublisher() : failing(inner.statistics)
  }

  private func later<T>(_ publisher: AnyPublisher<T, TaskServiceError>) -> AnyPublisher<
    T, TaskServiceError
  > {
    guard delay > 0 else { return publisher }
    return Just(()).setFailureType(to: TaskServiceError.self)
      .delay(for: .nanoseconds(Int(delay * 1e9)), scheduler: scheduler)
      .flatMap { publisher }.eraseToAnyPublisher()
  }

  func createTask(title: String, details: TaskUpdate) -> AnyPublisher<TaskItem, TaskServiceError> {
    failCreate
      ? Fail(error: .creationFailed).eraseToAnyPublisher()
      : later(inner.createTask(title: title, details: details))
  }
  func modify(_ task: TaskItem, _ change: TaskUpdate) -> AnyPublisher<TaskItem, TaskServiceError> {
    updates += 1
    return failUpdate
      ? later(Fail(error: .updateFailed(task)).eraseToAnyPublisher())
      : later(inner.modify(task, change))
  }
  func toggle(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    toggles += 1
    return failToggle
      ? Fail(error: .toggleFailed(task)).eraseToAnyPublisher() : later(inner.toggle(task))
  }
  func delete(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    failDelete
      ? Fail(error: .deletionFailed(task)).eraseToAnyPublisher() : later(inner.delete(task))
  }
  func restore(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    later(inner.restore(task))
  }
  var undoDepth: AnyPublisher<Int, TaskServiceError> { inner.undoDepth }
  func undo() -> AnyPublisher<TaskUndone, TaskServiceError> { later(inner.undo()) }
  func discard(_ task: TaskItem) -> AnyPublisher<TaskItem, TaskServiceError> {
    failDelete
      ? Fail(error: .deletionFailed(task)).eraseToAnyPublisher() : later(inner.discard(task))
  }
}

/// A TasksViewModel over the five starter tasks, a headless coordinator and a test scheduler.
@MainActor
final class TodoHarness {
  let scheduler = DispatchQueue.test
  let service: FakeTaskService
  let coordinator: SceneCoordinator<TodoScene>
  let tasks: TasksViewModel
  let sectionsRecorder: OutputRecorder<[TaskSection], Never>
  let toasts: OutputRecorder<String, Never>

  /// With `presenterDelay`, a presenter calls `shown` that many seconds after each transition.
  init(tasks initial: [TaskItem] = TaskItem.starterTasks(at: T0), presenterDelay: Double? = nil) {
    service = FakeTaskService(tasks: initial, scheduler: scheduler)
    let scheduler = scheduler
    coordinator = SceneCoordinator(
      presenter: presenterDelay.map { delay in
        { _, shown in
          scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int(delay * 1e9)))) {
            shown()
          }
        }
      })
    tasks = TasksViewModel(
      service: service, coordinator: coordinator, scheduler: scheduler.asAny,
      calendar: TaskCalendar(
        now: { [scheduler] in T0.addingTimeInterval(scheduler.elapsed) },
        timeZone: TimeZone(identifier: "UTC") ?? .current))
    coordinator.transition(to: .tasks(tasks), type: .root)
    sectionsRecorder = tasks.sections.record(on: scheduler)
    toasts = tasks.messages.record(on: scheduler)
    scheduler.settle()
  }

  /// "due [5,4,3,2,1] · done []".
  var layout: String {
    let sections = sectionsRecorder.last ?? []
    func uids(_ kind: TaskSection.Kind) -> String {
      (sections.first { $0.kind == kind }?.items ?? []).map { String($0.uid) }.joined(
        separator: ",")
    }
    return "due [\(uids(.due))] · done [\(uids(.done))]"
  }

  var stack: [String] {
    coordinator.stack.map { entry in
      switch entry.scene {
      case .tasks: "tasks (\(entry.transition))"
      case .editTask: "editTask (\(entry.transition))"
      }
    }
  }

  var editor: EditTaskViewModel? { coordinator.stack.last?.scene.editor }

  /// The task with `uid`; a missing one is a stand-in no expectation about a real task matches.
  func task(_ uid: Int64) -> TaskItem {
    tasks.task(uid: uid)
      ?? TaskItem(uid: -uid, title: "(no task \(uid))", added: .distantPast)
  }

  func value<T>(_ driver: Driver<T>) -> T {
    let recorder = driver.record(on: scheduler)
    scheduler.settle()
    return recorder.last!
  }

  func at(_ seconds: Double) { scheduler.advance(toSeconds: seconds) }
}
