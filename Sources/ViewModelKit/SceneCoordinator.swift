/// How a scene is put on the stack.
public enum SceneTransition: Equatable, Sendable {
  /// Replaces the whole stack.
  case root
  /// Goes on top, drawn full-screen.
  case push
  /// Goes on top, drawn over the scene below.
  case modal
}

/// One scene on the stack and how it got there.
public struct SceneEntry<Scene> {
  public let scene: Scene
  public let transition: SceneTransition

  public init(scene: Scene, transition: SceneTransition) {
    self.scene = scene
    self.transition = transition
  }
}

/// Why a transition was refused; the stack is then unchanged.
public enum SceneCoordinatorError: Error, Equatable, Sendable {
  /// `pop()` with only the root scene left.
  case cannotPopRoot
  /// `push`, `modal` or `pop()` before any root scene.
  case noRootScene
  /// An index outside the stack (`pop(toIndex:)`, `insert(_:at:)`).
  case noSuchScene
}

/// Navigation as a view-model concern: a stack of scenes that view models change and front
/// ends show. The stack changes at once; a front end that draws it (the presenter) says when
/// the new stack is on screen, and the transition's publisher completes then. Without a
/// presenter it completes at once.
@MainActor
public final class SceneCoordinator<Scene> {
  /// Draws a stack, then calls `shown`.
  public typealias Presenter = (_ stack: [SceneEntry<Scene>], _ shown: @escaping () -> Void) -> Void

  /// The front end drawing the stack, if any.
  public var presenter: Presenter?

  private let relay = BehaviorRelay<[SceneEntry<Scene>]>(value: [])

  /// Headless (`presenter` nil) or drawn by `presenter`.
  public init(presenter: Presenter? = nil) { self.presenter = presenter }

  /// The scenes, bottom first; the last one is shown on top and gets the keys.
  public var stack: [SceneEntry<Scene>] { relay.value }

  /// The stack now and after each change.
  public var changes: AnyPublisher<[SceneEntry<Scene>], Never> { relay.eraseToAnyPublisher() }

  /// The stack as state for a front end: delivered on `scheduler`, the latest replayed.
  public func stackDriver(scheduler: AnySchedulerOf<DispatchQueue>) -> Driver<[SceneEntry<Scene>]> {
    relay.asDriver(scheduler: scheduler)
  }

  /// Puts `scene` on the stack (`root` replaces the stack).
  @discardableResult
  public func transition(to scene: Scene, type: SceneTransition) -> AnyPublisher<
    Void, SceneCoordinatorError
  > {
    guard type == .root || !stack.isEmpty else { return Self.refused(.noRootScene) }
    let entry = SceneEntry(scene: scene, transition: type)
    return apply(type == .root ? [entry] : stack + [entry])
  }

  /// Takes the top scene off the stack.
  @discardableResult
  public func pop() -> AnyPublisher<Void, SceneCoordinatorError> {
    guard !stack.isEmpty else { return Self.refused(.noRootScene) }
    guard stack.count > 1 else { return Self.refused(.cannotPopRoot) }
    return apply(Array(stack.dropLast()))
  }

  /// Takes scenes off the top until `index` (0 is the root) is on top; nothing when it
  /// already is. Refused when there is no scene at `index`.
  @discardableResult
  public func pop(toIndex index: Int) -> AnyPublisher<Void, SceneCoordinatorError> {
    guard !stack.isEmpty else { return Self.refused(.noRootScene) }
    guard stack.indices.contains(index) else { return Self.refused(.noSuchScene) }
    return apply(Array(stack.prefix(index + 1)))
  }

  /// Back to the root scene alone.
  @discardableResult
  public func popToRoot() -> AnyPublisher<Void, SceneCoordinatorError> { pop(toIndex: 0) }

  /// Replaces the top scene (never the root) with `scene`, shown the same way, in one change.
  @discardableResult
  public func replaceTop(with scene: Scene) -> AnyPublisher<Void, SceneCoordinatorError> {
    guard let top = stack.last else { return Self.refused(.noRootScene) }
    guard stack.count > 1 else { return Self.refused(.cannotPopRoot) }
    return apply(stack.dropLast() + [SceneEntry(scene: scene, transition: top.transition)])
  }

  /// Puts `scene` into the stack at `index` (1 up to the top: never below the root), pushed,
  /// in one change: for a layout that keeps a scene beside the others (a sidebar).
  @discardableResult
  public func insert(_ scene: Scene, at index: Int) -> AnyPublisher<Void, SceneCoordinatorError> {
    guard !stack.isEmpty else { return Self.refused(.noRootScene) }
    guard (1...stack.count).contains(index) else { return Self.refused(.noSuchScene) }
    var newStack = stack
    newStack.insert(SceneEntry(scene: scene, transition: .push), at: index)
    return apply(newStack)
  }

  private func apply(_ newStack: [SceneEntry<Scene>]) -> AnyPublisher<Void, SceneCoordinatorError> {
    relay.accept(newStack)
    let outcome = Replayed<Void, SceneCoordinatorError>()
    let shown = {
      outcome.send(())
      outcome.send(completion: .finished)
    }
    if let presenter { presenter(newStack, shown) } else { shown() }
    return outcome.eraseToAnyPublisher()
  }

  private static func refused(_ error: SceneCoordinatorError) -> AnyPublisher<
    Void, SceneCoordinatorError
  > {
    let outcome = Replayed<Void, SceneCoordinatorError>()
    outcome.send(completion: .failure(error))
    return outcome.eraseToAnyPublisher()
  }
}

extension SceneCoordinator where Scene: Equatable {
  /// Shows `scene` modally over the top scene, unless it is on top already (asking twice
  /// shows it once).
  public func present(_ scene: Scene) {
    guard stack.last?.scene != scene else { return }
    transition(to: scene, type: .modal)
  }

  /// Takes `scene` off the stack when it is on top; nothing otherwise.
  public func dismiss(_ scene: Scene) {
    guard stack.last?.scene == scene else { return }
    pop()
  }
}
