/// The one shape of a screen's view model, the same in every app, so a newcomer who has read
/// one screen can predict the others and a front end draws every screen the same way.
///
/// - `state` is one `Equatable` value of display-ready fields (texts already formatted,
///   flags already decided), named like the outputs of the app's spec. A per-output Driver,
///   where a test or a front end wants one, is a projection of it, never a second source of
///   truth: every screen model has one for each field of its state by the field's name
///   (`viewModel.total` is `state.map(\.total).distinctUntilChanged()`, through dynamic member
///   lookup), so no view model declares them.
/// - `events` is the one Signal of things that happen once: toasts, "order placed".
/// - Inputs are values: one `Input` type (an enum, `Codable`, so a head can decode it from a
///   key table, a command line or a WebSocket message) and one entry point, `send(_:)`, that
///   answers `InputResult` or, on a screen where some input waits for work, `PendingResult`.
///   A refused input answers its refusal and emits no event for it. Methods named after the
///   inputs (`add(_:)`) are thin conveniences over `send(_:)` for tests and examples.
/// - `setActive` tells the screen whether it is seen (the shown tab, terminal focus, suspend
///   and resume); a screen is inactive until its front end says otherwise.
/// - Routes go through the app's one `SceneCoordinator`.
/// - It lives on the main actor: inputs, outputs and the closures of its pipelines. A service
///   whose answers come on a queue of its own enters through the UI scheduler (`receive(on:)`
///   or `receiveOnMainQueue(via:)`); a constant a helper off the actor reads is a
///   `nonisolated static let`.
@dynamicMemberLookup
@MainActor
public protocol ScreenModel: AnyObject {
  /// The screen's display-ready fields; `Codable`, its wire format (the CLI's `--json`, the
  /// web page's state), with typed fields kept typed.
  associatedtype State: Equatable, Codable
  /// What the screen announces once; `Codable` like the state.
  associatedtype Event: Codable
  /// What the user can do on the screen, as values: the one way in.
  associatedtype Input: Codable, Equatable, Sendable
  /// What `send(_:)` answers: `InputResult`, or `PendingResult` when some input waits for work.
  associatedtype Answer: InputAnswer

  /// The state now and after each change, delivered on the UI scheduler.
  var state: Driver<State> { get }
  /// One-off happenings, delivered on the UI scheduler, not replayed.
  var events: Signal<Event> { get }
  /// Whether the screen is seen, kept by the screen; its `becameActive` is what a screen
  /// reacts to.
  var activation: Activation { get }
  /// Does what `input` says: the one entry point every head drives the screen through.
  @discardableResult func send(_ input: Input) -> Answer
  /// Records whether the screen is seen; calling it twice with the same value does nothing
  /// more. The default sets `activation`.
  func setActive(_ active: Bool)
}

extension ScreenModel {
  /// Records whether the screen is seen (`activation.set`).
  public func setActive(_ active: Bool) { activation.set(active) }

  /// Whether the screen is seen now; false from creation until its front end says otherwise.
  public var isActive: Bool { activation.isActive }
}

extension ScreenModel where Event == ScreenEvent {
  /// The lines of `events`, the one name every screen's message projection has (the specs call
  /// it `toast` in weather and todo, `error` in tweets, `message` in checkout).
  public var messages: Signal<String> { events.map(\.message) }
}

extension ScreenModel {
  /// The projection of one field of `state`: its values, repeats skipped. Written as a member,
  /// `viewModel.total`, it is the per-output Driver of the spec's output of that name.
  public subscript<Field: Equatable>(dynamicMember field: KeyPath<State, Field>) -> Driver<Field> {
    state.map { $0[keyPath: field] }.distinctUntilChanged()
  }
}

/// The answer to an input that finishes later: one value, replayed to any subscriber however
/// late, then the end. Make it with `Replayed` or `Just(result)`.
public typealias PendingResult = AnyPublisher<InputResult, Never>

extension Publisher where Output == InputResult, Failure == Never {
  /// The answer if it is known already (an input refused at once answers before it returns),
  /// else nil: for a front end that shows a refusal at once and lets the screen's events tell
  /// what happens later.
  public var immediateAnswer: InputResult? {
    var answer: InputResult?
    let subscription = first().sink { answer = $0 }
    subscription.cancel()
    return answer
  }
}

/// A screen's activation, as a value a screen model keeps: repeated calls with the same value
/// are ignored, and `becameActive` fires once per change from inactive to active.
public final class Activation {
  private let relay = BehaviorRelay(value: false)

  /// Inactive until the front end says otherwise.
  public init() {}

  /// Whether the screen is seen now.
  public var isActive: Bool { relay.value }

  /// The activation now and after each change (no repeats).
  public var changes: AnyPublisher<Bool, Never> { relay.removeDuplicates().eraseToAnyPublisher() }

  /// Each change from inactive to active.
  public var becameActive: AnyPublisher<Void, Never> {
    changes.dropFirst().filter { $0 }.map { _ in () }.eraseToAnyPublisher()
  }

  /// Records `active`; the same value twice does nothing the second time.
  public func set(_ active: Bool) {
    guard active != relay.value else { return }
    relay.accept(active)
  }
}
