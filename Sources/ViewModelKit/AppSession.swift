/// The one shape of a running app, the same in every app, so that a front end starts, shows,
/// waits for and stops any app the same way, and adding an app adds no special case.
///
/// - `coordinator` is the app's one `SceneCoordinator`, with the app's first scene at its root
///   from the start; `stack` is its stack as state, the one thing a front end follows to
///   know what to show.
/// - `isSettled` is false while any work of the app is in flight (a request, a pending
///   write); `isBusy` is the same thing now. A script waits for it (the CLI's `wait`).
/// - `setActive` says whether the app is seen (the shown tab, the terminal's focus, suspend
///   and resume). The session passes it to every screen model it holds and to each one it
///   makes later; screens react to their own `activation`, nothing else.
/// - `send` takes the app's `Input`, a value that names a screen and that screen's input: the
///   one way in for a head that drives the whole app (a web page's messages, a recorded
///   session played back). A refused input answers its refusal and emits no event.
/// - `messages` are every line the app's screens announce, merged once here so no head merges
///   them; `failures` are the work the user asked for that did not happen (a write that
///   failed), which a script must hear as an exit status of 1.
/// - `rememberedChoices` are the user's choices the app keeps for the next run.
/// - `shutdown` writes what is pending and ends `lifetime`, which closes whatever was opened
///   for the session from outside it: the last thing a front end does.
///
/// A session lives on the main actor, with its screens; only `rememberedKeys`, constant data
/// read before any session exists, is `nonisolated`.
///
/// What the app's commands are called is a front end's business (the CLI's command set),
/// not the session's: the words belong to the front end that reads them.
@MainActor
public protocol AppSession: AnyObject, SendableMetatype {
  /// The app's scenes.
  associatedtype Scene
  /// What a head can ask of the app, as values: each names its screen and that screen's input.
  associatedtype Input: Codable, Equatable, Sendable

  /// The app's one scene coordinator; its root is the app's first scene.
  var coordinator: SceneCoordinator<Scene> { get }
  /// The coordinator's stack, bottom first, as state.
  var stack: Driver<[SceneEntry<Scene>]> { get }
  /// False while any work of the app is in flight.
  var isSettled: Driver<Bool> { get }
  /// Whether any work counted by `isSettled` is in flight now.
  var isBusy: Bool { get }
  /// Every line the app's screens announce (toasts, failures, confirmations), each once.
  var messages: Signal<ScreenEvent> { get }
  /// Work the user asked for that did not happen (a write that failed), as its message.
  var failures: Signal<String> { get }
  /// Sends `input` to the screen it names; refused when that screen is not shown.
  @discardableResult func send(_ input: Input) -> PendingResult
  /// The choices kept for the next run, in the order they are put back at start.
  var rememberedChoices: [RememberedChoice] { get }
  /// What `rememberedChoices` are kept under, known before any session exists (for a report
  /// of the settings in force, which makes no session).
  nonisolated static var rememberedKeys: [RememberedChoice.Key] { get }
  /// Records whether the app is seen and passes it to every screen model of the session.
  func setActive(_ active: Bool)
  /// What is closed when the session ends: `shutdown` ends it.
  var lifetime: SessionLifetime { get }
  /// Writes pending work, waits for it, and ends `lifetime`.
  func shutdown()
}

/// A choice the user makes that the app keeps for the next run (weather's units, checkout's
/// currency): what it is called in the store, its value as text now and after each change,
/// and how a value recalled at start is put back.
public struct RememberedChoice {
  /// What a choice is kept under: its name in the store and the settings file's key it stands
  /// in for, if any.
  public struct Key: Equatable, Sendable {
    /// The name it is kept under: `weather.units`.
    public let name: String
    /// The settings file's key whose value is used when nothing is remembered (`units`).
    public let settingsKey: String?

    public init(_ name: String, settingsKey: String? = nil) {
      self.name = name
      self.settingsKey = settingsKey
    }
  }

  /// The name it is kept under: `weather.units`.
  public var key: String { name.name }
  /// The settings file's key whose value is used when nothing is remembered (`units`), if any.
  public var settingsKey: String? { name.settingsKey }
  /// Its key.
  public let name: Key
  /// The value now (unless `isSetAtStart` is false) and after each change.
  public let values: AnyPublisher<String, Never>
  /// False when the choice has no value until the user makes it (the first value of
  /// `values` is then a change to keep, not the value at start).
  public let isSetAtStart: Bool
  /// Puts back a value recalled at start (ignoring one the app does not take).
  public let restore: (String) -> Void

  /// A choice kept under `name`, read from `values` and put back by `restore`.
  public init<Values: Publisher>(
    _ name: Key, values: Values, isSetAtStart: Bool = true, restore: @escaping (String) -> Void
  ) where Values.Output == String, Values.Failure == Never {
    self.name = name
    self.values = values.eraseToAnyPublisher()
    self.isSetAtStart = isSetAtStart
    self.restore = restore
  }
}
