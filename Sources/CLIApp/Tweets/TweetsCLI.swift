import Foundation
import TweetsFeature
import ViewModelKit

/// The tweets app's commands for the CLI shell. Each scene has its own screen, whose first
/// output is `scene: <id>`, so entering a scene prints its id and then its initial set.
@MainActor
public final class TweetsCLI: CLIApplication {
  private let session: TweetsSession
  private var screens: [ObjectIdentifier: CLIScreen] = [:]
  var navigator: TweetsNavigator { session.navigator }

  /// The navigator's scenes as last delivered: the CLI follows the `scenes` Driver, as the
  /// TUI does, and never reads the navigator's stack directly.
  private(set) var scenes: [Scene] = []
  private var subscription: AnyCancellable?

  public init(session: TweetsSession) {
    self.session = session
    subscription = session.stack.drive { [weak self] in self?.show($0.map(\.scene)) }
  }

  /// Keeps a screen for each scene on the stack, made as the scene arrives so that its outputs
  /// have their values by the time the shell prints them.
  private func show(_ scenes: [Scene]) {
    self.scenes = scenes
    screens = screens.filter { entry in scenes.contains { $0.modelIdentity == entry.key } }
    for scene in scenes where screens[scene.modelIdentity] == nil {
      screens[scene.modelIdentity] = Self.screen(for: scene)
    }
  }

  public var currentScreen: CLIScreen {
    guard let top = scenes.last, let screen = screens[top.modelIdentity] else {
      return Self.noScreen
    }
    return screen
  }

  /// The screen before the navigator's first scenes arrive.
  private static let noScreen = CLIScreen(name: "none", outputs: [])

  public var isBusy: Bool { navigator.isBusy }
  public var isSettled: Driver<Bool> { navigator.isSettled }

  public var appSession: any AppSession { session }

  public func setActive(_ active: Bool) { session.setActive(active) }

  public nonisolated static var grammar: any AppGrammar.Type { TweetsGrammar.self }

  public func finish() {}

  /// Ctrl-C: a `wait` in progress ends at once (the tweets app has nothing to save).
  public func interrupt() { _ = session.send(.app(.stopWaiting)) }

  /// Sends an app-wide input (`logout`, `wait`) through the session, as every head does.
  func onApp(_ input: TweetsAppInput) -> CommandOutcome {
    CommandOutcome(session.send(.app(input)).immediateAnswer ?? .accepted)
  }

  /// Sends `input` to the timeline on top (`older`, `refresh`), or says it is not here.
  func onTimeline(_ input: TimelineInput) -> CommandOutcome {
    guard let timeline = scenes.last?.timeline else { return notHere }
    return CommandOutcome(timeline.send(input))
  }

  /// Sends to the screen on top, whichever it is: `timeline` to a timeline, `people` to the
  /// member list (the commands that work from every screen).
  @discardableResult
  func onTop(_ timeline: TimelineInput, _ people: PeopleInput) -> InputResult {
    switch scenes.last {
    case .listPeople(let model)?: model.send(people)
    case let scene?: scene.timeline?.send(timeline) ?? .accepted
    case nil: .accepted
    }
  }

  /// `retry`: the people screen's members again.
  func retry() -> CommandOutcome {
    guard let model = scenes.last?.people else { return notHere }
    model.send(.retry)
    var outcome = CommandOutcome()
    outcome.settling = peopleWork()
    return outcome
  }

  /// The people screen's own work, once it is on top: its members request (with its own
  /// 15 s timeout), not the polls of the timeline behind it, which may stall for longer.
  func peopleWork() -> CommandWork {
    let scheduler = navigator.environment.scheduler
    let settled = session.stack.map { $0.map(\.scene) }
      .map { scenes -> AnyPublisher<Bool, Never> in
        guard let people = scenes.last?.people else { return Just(false).eraseToAnyPublisher() }
        return people.isSettled.eraseToAnyPublisher()
      }
      .switchToLatest()
      .asDriver(scheduler: scheduler)
    return CommandWork(isSettled: settled) { [weak self] in
      self?.scenes.last?.people?.isBusy ?? true
    }
  }

  /// `wait <seconds>`: lets virtual or real time pass for the polls.
  func wait(_ seconds: String) -> CommandOutcome {
    guard let seconds = CLIOrdinal.parse(seconds), Double(seconds) <= TweetsTiming.longestWait
    else { return CommandOutcome(.rejected("usage: wait <seconds> (1 to 60)")) }
    return onApp(.letTimePass(seconds: Double(seconds)))
  }

  /// `link <n>`: the n-th row of the timeline on top (extension E5). The answer and the link
  /// both come from the timeline's state Driver once the command has settled.
  func link(_ word: String) -> CommandOutcome {
    guard let number = CLIOrdinal.parse(word) else {
      return CommandOutcome(.rejected("usage: link <n>"))
    }
    guard let timeline = scenes.last?.timeline else { return notHere }
    let row = timeline.state.map { state in
      state.tweets.indices.contains(number - 1) ? state.tweets[number - 1] : nil
    }
    let output = CLIOutput.text("link", initial: false, row, shown: { $0 != nil }) {
      $0?.link ?? ""
    }
    let answer = row.map { $0 == nil ? InputResult.rejected("No tweet #\(number).") : .accepted }
    return CommandOutcome(later: answer.prefix(1).eraseToAnyPublisher(), show: [(output, true)])
  }

  /// `thread <n>`: the n-th row's thread (issue 42), as a screen of its own; where the
  /// service has no threads, the post alone and a footer that says so.
  func thread(_ word: String) -> CommandOutcome {
    guard let number = CLIOrdinal.parse(word) else {
      return CommandOutcome(.rejected("usage: thread <n>"))
    }
    guard let timeline = scenes.last?.timeline else { return notHere }
    let answer = timeline.state.prefix(1).map { state -> InputResult in
      guard state.tweets.indices.contains(number - 1) else {
        return .rejected("No tweet #\(number).")
      }
      return timeline.send(.showThread(id: state.tweets[number - 1].id))
    }
    var outcome = CommandOutcome(later: answer.eraseToAnyPublisher())
    outcome.showsCurrentScreen = true
    return outcome
  }

  private var notHere: CommandOutcome { CommandOutcome(.rejected("not available on this screen")) }

  /// The screen now on top, printed whole (one-shot `timeline`, `people`, `open`).
  func showingScreen() -> CommandOutcome { CommandOutcome(showsCurrentScreen: true) }

  func open(_ target: String) -> CommandOutcome {
    if target.hasPrefix("#") {
      guard let number = CLIOrdinal.parse(target.dropFirst()) else {
        return CommandOutcome(.rejected("usage: open <username>|#<n>"))
      }
      guard let people = scenes.last?.people else { return notHere }
      let result = people.send(.select(index: number - 1))
      return result == .accepted ? showingScreen() : CommandOutcome(result)
    }
    let result = onTop(.showPerson(username: target), .showPerson(username: target))
    return result == .accepted ? showingScreen() : CommandOutcome(result)
  }

  // MARK: Screens

  private static func sceneName(_ id: SceneID) -> String {
    switch id {
    case .listTimeline: "list-timeline"
    case .listPeople: "list-people"
    case .personTimeline(let username): "person-timeline \(username)"
    case .thread(let id): "thread \(id)"
    }
  }

  private static func screen(for scene: Scene) -> CLIScreen {
    let name = CLIOutput(
      "scene", initial: true, driver: Just(sceneName(scene.id)).asDriver(scheduler: .userInterface)
    ) {
      .text($0)
    }
    func tweets(_ state: Driver<TimelineState>) -> CLIOutput {
      .rows("tweets", initial: true, state, \.tweets, text: \.line, data: { $0 })
    }
    switch scene {
    case .listTimeline(let model):
      let state = model.state
      return CLIScreen(
        name: "list-timeline",
        outputs: [
          name, .text("title", initial: true, state, \.title), tweets(state),
          .text("placeholder", initial: true, state, \.placeholder),
          .text("status", initial: true, state, \.status),
          .flag("loggedIn", initial: true, state, \.loggedIn),
          .flag("isLoading", initial: true, state, \.isLoading),
          .text("footer", initial: true, state, \.footer),
          .flag("canLoadOlder", initial: true, state, \.canLoadOlder),
        ])
    case .listPeople(let model):
      let state = model.state
      return CLIScreen(
        name: "list-people",
        outputs: [
          name, .text("title", initial: true, state, \.title),
          .field(
            "state", initial: true, state,
            text: { state in
              switch state.load {
              case .loading: "loading"
              case .loaded: "loaded"
              case .failed(let message): "failed: \(message)"
              }
            }, data: \.load),
          .rows(
            "people", initial: true, state, { Array($0.people.enumerated()) },
            text: { "\($0.offset + 1). \($0.element.display)" }, data: \.element),
          .text("message", initial: true, state, \.message),
          .flag("isLoading", initial: true, state, \.isLoading),
        ])
    case .thread(let model):
      let state = model.state
      return CLIScreen(
        name: "thread",
        outputs: [
          name, .text("title", initial: true, state, \.title), tweets(state),
          .text("status", initial: true, state, \.status),
          .flag("isLoading", initial: true, state, \.isLoading),
          .text("footer", initial: true, state, \.footer),
        ])
    case .personTimeline(let model):
      let state = model.state
      return CLIScreen(
        name: "person-timeline",
        outputs: [
          name, .text("title", initial: true, state, \.title), tweets(state),
          .text("status", initial: true, state, \.status),
          .flag("isLoading", initial: true, state, \.isLoading),
          .text("footer", initial: true, state, \.footer),
          .flag("canLoadOlder", initial: true, state, \.canLoadOlder),
        ])
    }
  }
}
