import Testing
import ViewModelKit
import ViewModelKitTesting

@Suite("SceneCoordinator")
@MainActor
struct SceneCoordinatorTests {
  let scheduler = DispatchQueue.test

  func names(_ coordinator: SceneCoordinator<String>) -> [String] {
    coordinator.stack.map { "\($0.scene) (\($0.transition))" }
  }

  @Test("TD-58 a modal and a pop, each completing once")
  func modalThenPop() {
    let coordinator = SceneCoordinator<String>()
    coordinator.transition(to: "tasks", type: .root)
    let modal = coordinator.transition(to: "editTask", type: .modal).record(on: scheduler)
    #expect(names(coordinator) == ["tasks (root)", "editTask (modal)"])
    let pop = coordinator.pop().record(on: scheduler)
    #expect(names(coordinator) == ["tasks (root)"])
    #expect(modal.values.count == 1 && modal.isFinished)
    #expect(pop.values.count == 1 && pop.isFinished)
  }

  @Test("TD-59 the root cannot be popped")
  func cannotPopRoot() {
    let coordinator = SceneCoordinator<String>()
    coordinator.transition(to: "tasks", type: .root)
    #expect(coordinator.pop().record(on: scheduler).failure == .cannotPopRoot)
    #expect(names(coordinator) == ["tasks (root)"])
  }

  @Test("TD-60 nothing but root works on an empty coordinator; root replaces the stack")
  func emptyAndRoot() {
    var presented = 0
    let coordinator = SceneCoordinator<String> { _, shown in
      presented += 1
      shown()
    }
    #expect(
      coordinator.transition(to: "x", type: .modal).record(on: scheduler).failure == .noRootScene)
    #expect(
      coordinator.transition(to: "x", type: .push).record(on: scheduler).failure == .noRootScene)
    #expect(coordinator.pop().record(on: scheduler).failure == .noRootScene)
    #expect(coordinator.stack.isEmpty && presented == 0)
    coordinator.transition(to: "tasks", type: .root)
    coordinator.transition(to: "editTask", type: .push)
    coordinator.transition(to: "x", type: .root)
    #expect(names(coordinator) == ["x (root)"])
    #expect(presented == 3)
  }

  @Test("a presenter decides when a transition completes, and late subscribers get the result")
  func presenterTiming() {
    var pending: [() -> Void] = []
    let coordinator = SceneCoordinator<String> { _, shown in pending.append(shown) }
    let root = coordinator.transition(to: "tasks", type: .root)
    let early = root.record(on: scheduler)
    #expect(early.values.isEmpty)
    pending.removeFirst()()
    #expect(early.isFinished)
    #expect(root.record(on: scheduler).isFinished)
  }

  @Test("changes replays the stack and follows it")
  func changes() {
    let coordinator = SceneCoordinator<String>()
    let recorder = coordinator.changes.map { $0.map(\.scene) }.record(on: scheduler)
    coordinator.transition(to: "a", type: .root)
    coordinator.transition(to: "b", type: .modal)
    coordinator.pop()
    #expect(recorder.values == [[], ["a"], ["a", "b"], ["a"]])
  }

  @Test("pop(toIndex:) and popToRoot take scenes off the top in one change")
  func popToIndex() {
    let coordinator = SceneCoordinator<String>()
    coordinator.transition(to: "list", type: .root)
    coordinator.transition(to: "people", type: .push)
    coordinator.transition(to: "ada", type: .push)
    var changes = 0
    let watch = coordinator.changes.dropFirst().sink { _ in changes += 1 }
    #expect(coordinator.pop(toIndex: 1).record(on: scheduler).isFinished)
    #expect(names(coordinator) == ["list (root)", "people (push)"])
    #expect(coordinator.pop(toIndex: 5).record(on: scheduler).failure == .noSuchScene)
    coordinator.popToRoot()
    #expect(names(coordinator) == ["list (root)"] && changes == 2)
    watch.cancel()
  }

  @Test("replaceTop swaps the top scene in one change, keeping how it was shown; never the root")
  func replaceTop() {
    let coordinator = SceneCoordinator<String>()
    #expect(coordinator.replaceTop(with: "x").record(on: scheduler).failure == .noRootScene)
    coordinator.transition(to: "list", type: .root)
    #expect(coordinator.replaceTop(with: "x").record(on: scheduler).failure == .cannotPopRoot)
    coordinator.transition(to: "ada", type: .modal)
    coordinator.replaceTop(with: "ben")
    #expect(names(coordinator) == ["list (root)", "ben (modal)"])
  }

  @Test("insert puts a scene above the root, never below it")
  func insert() {
    let coordinator = SceneCoordinator<String>()
    coordinator.transition(to: "list", type: .root)
    coordinator.transition(to: "ada", type: .push)
    #expect(coordinator.insert("people", at: 0).record(on: scheduler).failure == .noSuchScene)
    coordinator.insert("people", at: 1)
    #expect(names(coordinator) == ["list (root)", "people (push)", "ada (push)"])
  }

  @Test("present shows a scene modally once; dismiss takes it off only when it is on top")
  func presentAndDismiss() {
    let coordinator = SceneCoordinator<String>()
    coordinator.transition(to: "catalog", type: .root)
    coordinator.present("history")
    coordinator.present("history")
    #expect(names(coordinator) == ["catalog (root)", "history (modal)"])
    coordinator.dismiss("account")
    #expect(names(coordinator).count == 2)
    coordinator.dismiss("history")
    #expect(names(coordinator) == ["catalog (root)"])
  }
}
