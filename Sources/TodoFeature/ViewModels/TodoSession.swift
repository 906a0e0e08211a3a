import Foundation
import ViewModelKit

/// One running todo app: the scene coordinator with the task list at its root.
public final class TodoSession: AppSession {
  public let coordinator: SceneCoordinator<TodoScene>
  public let tasks: TasksViewModel
  /// The coordinator's stack, bottom first, as state: the one thing a front end follows to
  /// know which scene is on top (the list, or the editor over it).
  public let stack: Driver<[SceneEntry<TodoScene>]>

  /// The list's toasts (the editor's one event is how it closed, which the list reports).
  public let messages: Signal<ScreenEvent>
  /// None: a change the store refuses answers its input with the failure, which a script
  /// already hears as its command failing.
  public let failures: Signal<String>

  private let service: any TaskService

  /// Builds the coordinator, then the list, then shows the list as the root scene. Due dates
  /// are counted from `calendar`'s today.
  public init(
    service: any TaskService, scheduler: AnySchedulerOf<DispatchQueue>,
    calendar: TaskCalendar = .system
  ) {
    self.service = service
    coordinator = SceneCoordinator()
    stack = coordinator.stackDriver(scheduler: scheduler)
    tasks = TasksViewModel(
      service: service, coordinator: coordinator, scheduler: scheduler, calendar: calendar)
    messages = tasks.events
    failures = Empty<String, Never>().asSignal(scheduler: scheduler)
    coordinator.transition(to: .tasks(tasks), type: .root)
  }

  /// What is closed when the session ends.
  public let lifetime = SessionLifetime()

  /// Cancels an open editor (deleting a task that was being created), waits until the store
  /// has written it and closes the store, then ends the lifetime: the last thing a front end
  /// does before it exits.
  public func shutdown() {
    editor?.send(.cancel)
    (service as? SQLiteTaskService)?.close()
    lifetime.end()
  }

  /// False while the store is being read or written.
  public var isSettled: Driver<Bool> { tasks.isSettled }
  public var isBusy: Bool { tasks.isBusy }
  /// None: the list is the store's, and a filter lasts one run.
  public var rememberedChoices: [RememberedChoice] { [] }
  nonisolated public static var rememberedKeys: [RememberedChoice.Key] { [] }

  /// Whether the app is seen: passed to the list and to an open editor (an editor opened
  /// later takes the list's).
  public func setActive(_ active: Bool) {
    tasks.setActive(active)
    editor?.setActive(active)
  }

  /// The open editor, if the top scene is one.
  public var editor: EditTaskViewModel? { coordinator.stack.last?.scene.editor }
}
