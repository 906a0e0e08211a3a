import TodoFeature
import ViewModelKit

/// The todo app on the web: the task list, and the editor above it while one is open.
extension TodoSession: WebPresentable {
  public nonisolated static var pageScript: WebPageScript { .bundled("todo.js") }

  public func webScreens(for scene: TodoScene) -> [WebScreenSource] {
    switch scene {
    case .tasks(let tasks): [WebScreenSource("tasks", tasks)]
    case .editTask(let editor): [WebScreenSource("editor", editor)]
    }
  }
}
