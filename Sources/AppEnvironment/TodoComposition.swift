import Foundation
import TodoFeature
import ViewModelKit

/// Builds the todo app: the SQLite store in the data directory (even with `--offline`), or
/// the fixture tasks in memory with `--ephemeral`.
public enum TodoComposition {
  @MainActor public static func session(
    _ configuration: AppConfiguration, scheduler: AnySchedulerOf<DispatchQueue>
  ) throws(ConfigurationError) -> TodoSession {
    let clock = configuration.clock.now
    let service: any TaskService
    do {
      if configuration.ephemeral {
        service = try FixtureTaskService.make(clock: clock)
      } else if configuration.dataDirectory.isReadOnly {
        // Another user's folder, a backup: the tasks are shown; a change is refused.
        service = try SQLiteTaskService.openReadOnly(
          at: configuration.dataDirectory.file("todo.sqlite"), clock: clock, scheduler: scheduler,
          checkEvery: SQLiteTaskService.otherProcessCheck)
      } else {
        let folder = try configuration.dataDirectory.prepare()
        service = try SQLiteTaskService.open(
          at: folder.appendingPathComponent("todo.sqlite"), clock: clock, scheduler: scheduler,
          checkEvery: SQLiteTaskService.otherProcessCheck,
          starterTasks: configuration.newStoresTeachTheTUI)
      }
    } catch let error as TaskStoreError {
      throw .appCannotStart(error.message)
    } catch let error as ConfigurationError {
      throw error
    } catch {
      throw .appCannotStart("\(error)")
    }
    // Today is counted in the user's time zone (`TZ`), from the app's clock (`HEADLESS_NOW`
    // pins it).
    return TodoSession(
      service: service, scheduler: scheduler,
      calendar: TaskCalendar(now: clock, timeZone: .current))
  }
}
