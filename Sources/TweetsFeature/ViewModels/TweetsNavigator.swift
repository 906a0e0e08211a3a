import Foundation
import ViewModelKit

/// A screen of the tweets app.
public enum SceneID: Equatable, Sendable {
  case listTimeline
  case listPeople
  /// Lower-cased.
  case personTimeline(username: String)
  /// A post's thread, by the post's id.
  case thread(id: TwitterID)
}

/// How the front end arranges the scenes.
public enum Layout: String, Codable, Equatable, Sendable {
  case stack, split
}

extension Array where Element == Scene {
  /// What split layout shows on the side: the people scene, kept second from the bottom.
  public var peopleScene: Scene? { first { $0.id == .listPeople } }
  /// What split layout shows beside the people: the top timeline. (Stack layout shows the top
  /// scene, `last`.)
  public var topTimeline: Scene? { last { $0.id != .listPeople } }
}

/// A scene with its view model.
public enum Scene {
  case listTimeline(ListTimelineViewModel)
  case listPeople(ListPeopleViewModel)
  case personTimeline(PersonTimelineViewModel)
  case thread(ThreadViewModel)

  public var id: SceneID {
    switch self {
    case .listTimeline: .listTimeline
    case .listPeople: .listPeople
    case .personTimeline(let model): .personTimeline(username: (model.username ?? "").lowercased())
    case .thread(let model): .thread(id: model.post.id)
    }
  }
}

/// The tweets app's scene stack. It builds each scene's view model; a scene popped off the
/// stack is released, which stops its fetching.
///
/// The stack itself is the generic `SceneCoordinator` every app routes through; this type
/// builds each scene's view model and knows the tweets app's rules (one person on top, people
/// second in split layout).
@MainActor
public final class TweetsNavigator: TweetsNavigating {
  /// The scene stack (the list timeline at the root).
  public let coordinator = SceneCoordinator<Scene>()
  /// Scene ids, bottom to top.
  public let stack: Driver<[SceneID]>
  /// The scenes, bottom to top.
  public let scenes: Driver<[Scene]>
  /// False while any API request of any scene is in flight.
  public let isSettled: Driver<Bool>

  private let list: ListIdentifier
  private let env: TweetsEnvironment
  /// What the scenes share (the app-wide pause and activation among it).
  public var environment: TweetsEnvironment { env }
  private let layout = BehaviorRelay(value: Layout.stack)
  /// Whether the app is seen: every scene's activation, and a new scene's from the start.
  private let activation = Activation()
  /// The spans of time `letTimePass` counts as pending, until they pass or `stopWaiting`.
  private var waits: [Activity] = []

  public init(list: ListIdentifier, env: TweetsEnvironment) {
    self.list = list
    self.env = env
    let scheduler = env.scheduler
    let current = coordinator.changes.map { $0.map(\.scene) }
    stack = current.map { $0.map(\.id) }.removeDuplicates().asDriver(scheduler: scheduler)
    scenes = current.asDriver(scheduler: scheduler)
    isSettled = env.activity.isIdle
  }

  /// The scenes now, bottom to top (synchronous).
  public var currentScenes: [Scene] { coordinator.stack.map(\.scene) }

  /// Whether any request is in flight now.
  public var isBusy: Bool { env.activity.isBusy }

  // MARK: Inputs

  /// Whether the app is seen: passed to every scene in the stack, and to each one made later.
  /// A timeline polls only while it is seen (AV-06).
  public func setActive(_ active: Bool) {
    activation.set(active)
    for scene in currentScenes { scene.setActive(active) }
  }

  /// The list timeline alone.
  public func start() { coordinator.transition(to: .listTimeline(makeList()), type: .root) }

  /// Back to the people screen if it is in the stack; otherwise pushed.
  public func showPeople() {
    if let index = currentScenes.firstIndex(where: { $0.id == .listPeople }) {
      coordinator.pop(toIndex: index)
    } else {
      coordinator.transition(to: makePeople(), type: .push)
    }
  }

  /// Opens a member's timeline (replacing another member's on top).
  @discardableResult
  public func showPerson(username: String) -> InputResult {
    guard let name = PersonTimelineViewModel.normalisedUsername(username) else {
      return .rejected("Not a valid username.")
    }
    if case .personTimeline(let top)? = currentScenes.last {
      if top.username?.lowercased() == name.lowercased() { return .accepted }
      coordinator.replaceTop(with: personScene(name))
    } else {
      coordinator.transition(to: personScene(name), type: .push)
    }
    return .accepted
  }

  /// Opens a post's thread on top (replacing another thread there); the same post's thread
  /// already on top stays.
  @discardableResult
  public func showThread(of post: TweetRow) -> InputResult {
    if case .thread(let top)? = currentScenes.last {
      if top.post.id == post.id { return .accepted }
      coordinator.replaceTop(
        with: .thread(seen(ThreadViewModel(post: post, env: env, navigator: self))))
    } else {
      coordinator.transition(
        to: .thread(seen(ThreadViewModel(post: post, env: env, navigator: self))), type: .push)
    }
    return .accepted
  }

  /// Back to the root; in split layout the people pane beside it stays.
  public func showListTimeline() {
    let scenes = currentScenes
    guard scenes.count > 1 else { return }
    if layout.value == .split, let people = scenes.firstIndex(where: { $0.id == .listPeople }) {
      coordinator.pop(toIndex: people)
    } else {
      coordinator.popToRoot()
    }
  }

  /// Pops the top scene (not the root; not the people pane in split layout).
  public func back() {
    let scenes = currentScenes
    guard scenes.count > 1 else { return }
    if layout.value == .split && scenes.last?.id == .listPeople { return }
    coordinator.pop()
  }

  /// `.split` keeps the people scene in the stack, second from the bottom.
  public func setLayout(_ newLayout: Layout) {
    layout.accept(newLayout)
    guard newLayout == .split, !currentScenes.isEmpty,
      !currentScenes.contains(where: { $0.id == .listPeople })
    else { return }
    coordinator.insert(makePeople(), at: 1)
  }

  /// Counts the next `seconds` of the app's time as pending work, so that a front end which
  /// waits for `isSettled` (the CLI's `wait`) lets that much time pass and sees the polls that
  /// fall due meanwhile.
  public func letTimePass(_ seconds: TimeInterval) {
    guard seconds > 0, seconds <= TweetsTiming.longestWait else { return }
    let activity = env.activity.begin()
    waits.append(activity)
    env.scheduler.schedule(
      after: env.scheduler.now.advanced(by: .milliseconds(Int(seconds * 1000)))
    ) { [weak self] in
      activity.end()
      self?.waits.removeAll { !$0.isActive }
    }
  }

  /// Ends every span `letTimePass` is counting at once (Ctrl-C during the CLI's `wait`): the
  /// app is settled again as soon as its real work is.
  public func stopWaiting() {
    let pending = waits
    waits = []
    pending.forEach { $0.end() }
  }

  /// Logs out: fetching stops everywhere.
  public func logOut() { env.account.logOut() }

  /// Stops (true) or resumes (false) fetching, app-wide, from whichever screen is shown: the
  /// timelines share the one flag, so the people screen pauses them too.
  public func setPaused(_ paused: Bool) { env.setPaused(paused) }

  /// Pauses fetching while it runs, resumes it while paused.
  public func togglePaused() { setPaused(!env.paused.value) }

  private func personScene(_ username: String) -> Scene {
    .personTimeline(seen(PersonTimelineViewModel(username: username, env: env, navigator: self)))
  }

  private func makeList() -> ListTimelineViewModel {
    seen(ListTimelineViewModel(list: list, env: env, navigator: self))
  }

  private func makePeople() -> Scene {
    .listPeople(seen(ListPeopleViewModel(list: list, env: env, navigator: self)))
  }

  /// A scene made while the app is seen is seen from the start (AV-01).
  private func seen<Model: ScreenModel>(_ model: Model) -> Model {
    model.setActive(activation.isActive)
    return model
  }
}
