import Foundation
import ViewModelKit

/// The account form: a username checked for availability while the user types, an email, a
/// password and its confirmation validated live, and create, rename (save) and sign out.
///
/// A `ScreenModel`: what it shows is one `AccountState`; what it announces, `ScreenEvent`s
/// ("Account created: ana_42"…); it opens and closes as a modal scene on the navigator.
/// The availability check is one pipeline: each typed name, the first at once and later ones
/// 0.4 s after the last change, goes through the local rules and then to the service; a newer
/// name cancels whatever the older one still had running, its wait or its request
/// (`flatMapLatest`), so an answer only ever shows for the name in the field.
@MainActor
public final class AccountViewModel: ScreenModel {
  /// The texts of refusals and events.
  public enum Text {
    public static let notSignedIn = "Not signed in"
    public static let takenMeanwhile = "Username was taken meanwhile"
    public static let createFailed = "Could not create the account"
    public static let renameFailed = "Could not rename the account"
    public static let signedOut = "Signed out"
    public static let notKept = "The account could not be kept on this machine"
    /// The create and save hint while the username check has failed: the name may be free,
    /// the service did not say (issue 26; the spec's list would say "Choose a username").
    public static let checkFailedHint = "Could not check the username; type it again to retry"
    public static func created(_ username: String) -> String { "Account created: \(username)" }
    public static func renamed(_ username: String) -> String { "Account renamed: \(username)" }
  }

  /// Seconds after the last change before a later username is checked.
  public nonisolated static let throttle = 0.4

  // MARK: Outputs

  /// Everything the form shows, in one value.
  public let state: Driver<AccountState>
  /// What the form announces once.
  public let events: Signal<ScreenEvent>
  /// False while a username wait or check, the stored account's load, a create or a rename
  /// is in flight.
  public let isSettled: Driver<Bool>
  /// The account kept on this machine, now and after each change (the order form takes its
  /// email from it).
  public let storedAccount: AnyPublisher<Account?, Never>

  // MARK: State

  let fields = BehaviorRelay(value: AccountFields())
  private let stored = BehaviorRelay<Account?>(value: nil)
  private let typedNames = PublishRelay<String>()
  /// A status known without a check: after loading, signing out, or a create that found the
  /// name taken.
  private let knownStatuses = PublishRelay<UsernameStatus>()
  private let usernameStatus: DerivedValue<UsernameStatus>
  private let said = PublishRelay<ScreenEvent>()
  private let activity: ActivityTracker
  private let storage: any CheckoutStorage
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let work = InFlightWork()
  /// Whether the screen is seen (`setActive`, `isActive`).
  public let activation = Activation()
  private var subscriptions = Set<AnyCancellable>()
  private let createAction: Action<AccountRequest, Account>
  private let renameAction: Action<AccountRequest, Account>
  // Weak: the session owns the navigator and this view model.
  private weak var navigator: SceneCoordinator<CheckoutScene>?

  public init(
    service: any AccountService, storage: any CheckoutStorage,
    navigator: SceneCoordinator<CheckoutScene>? = nil, activity: ActivityTracker? = nil,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) {
    self.navigator = navigator
    // A session passes its own tracker, so that its one `isSettled` counts the account's work.
    let activity = activity ?? ActivityTracker(scheduler: scheduler)
    self.activity = activity
    self.storage = storage
    self.scheduler = scheduler
    // The actions first: the pipelines below read them.
    createAction = Action(scheduler: scheduler) { request in
      activity.track(
        AccountWork.create(request, service: service, storage: storage)
          .receive(on: scheduler))
    }
    renameAction = Action(scheduler: scheduler) { request in
      activity.track(
        AccountWork.rename(request, service: service, storage: storage)
          .receive(on: scheduler))
    }
    isSettled = activity.isIdle
    storedAccount = stored.removeDuplicates().eraseToAnyPublisher()
    events = said.asSignal(scheduler: scheduler)
    let stored = stored
    // The check: the first name at once, later ones after a quiet 0.4 s, the wait and the
    // check tracked as one; a newer name (or a known status) replaces everything the older one
    // had running.
    let checks =
      typedNames
      .delayedAfterFirst(by: .milliseconds(Int(Self.throttle * 1000)), scheduler: scheduler)
      .map { name in
        activity.track(
          name.flatMap { name in
            Self.check(
              name, signedIn: stored.value?.username, service: service, scheduler: scheduler)
          })
      }
    usernameStatus = DerivedValue(
      checks.merge(with: knownStatuses.map { Just($0).eraseToAnyPublisher() }).switchToLatest(),
      initial: .empty)
    let running = createAction.executingValues.combineLatest(renameAction.executingValues)
    state = fields.combineLatest(usernameStatus, stored, running) {
      fields, status, stored, running in
      AccountState(
        fields, status: status, stored: stored, creating: running.0, renaming: running.1)
    }
    .removeDuplicates()
    .asDriver(scheduler: scheduler)
    load()
  }

  // MARK: Inputs

  /// Does what `input` says; `create`, `save` and `signOut` answer once the service and the
  /// store have, or at once with the hint when they cannot run.
  @discardableResult
  public func send(_ input: AccountInput) -> PendingResult {
    switch input {
    case .setUsername(let text):
      // Checked at once the first time, later 0.4 s after the last change.
      edit(.username) { $0.username = text }
      typedNames.accept(text)
    case .setEmail(let text): edit(.email) { $0.email = text }
    case .setPassword(let text): edit(.password) { $0.password = text }
    case .setConfirmation(let text): edit(.confirmation) { $0.confirmation = text }
    case .create:
      let now = currentState
      guard now.createEnabled else { return Replayed.answered(.rejected(now.createHint)) }
      let request = fields.value.request(from: nil)
      return answer(createAction.execute(request), failed: Text.createFailed)
    case .save:
      let now = currentState
      guard now.saveEnabled else { return Replayed.answered(.rejected(now.saveHint)) }
      let request = fields.value.request(from: stored.value?.username)
      return answer(renameAction.execute(request), failed: Text.renameFailed)
    case .signOut:
      guard stored.value != nil else { return Replayed.answered(.rejected(Text.notSignedIn)) }
      return forget()
    case .open: navigator?.present(.account)
    case .close: navigator?.dismiss(.account)
    }
    return Replayed.answered(.accepted)
  }

  /// `send(.setUsername(text:))`.
  public func setUsername(_ text: String) { send(.setUsername(text: text)) }
  /// `send(.setEmail(text:))`.
  public func setEmail(_ text: String) { send(.setEmail(text: text)) }
  /// `send(.setPassword(text:))`.
  public func setPassword(_ text: String) { send(.setPassword(text: text)) }
  /// `send(.setConfirmation(text:))`.
  public func setConfirmation(_ text: String) { send(.setConfirmation(text: text)) }
  /// `send(.create)`.
  @discardableResult public func create() -> PendingResult { send(.create) }
  /// `send(.save)`.
  @discardableResult public func save() -> PendingResult { send(.save) }
  /// `send(.signOut)`.
  @discardableResult public func signOut() -> PendingResult { send(.signOut) }
  /// `send(.open)`.
  public func open() { send(.open) }
  /// `send(.close)`.
  public func close() { send(.close) }

  /// Whether anything `isSettled` counts is in flight now.
  public var isBusy: Bool { activity.isBusy }

  // MARK: Internals

  private var currentState: AccountState {
    AccountState(
      fields.value, status: usernameStatus.value, stored: stored.value,
      creating: createAction.isExecuting, renaming: renameAction.isExecuting)
  }

  private func edit(_ field: AccountFields.Field, _ change: (inout AccountFields) -> Void) {
    var next = fields.value
    change(&next)
    next.touched.touch(field)
    fields.accept(next)
  }

  /// The stored account, read once at start: the form starts filled with it.
  private func load() {
    work.sink(
      // The store answers on its own queue; the form changes on the UI scheduler.
      activity.track(storage.loadAccount().replaceError(with: nil).receive(on: scheduler)),
      receiveValue: { [weak self] account in
        guard let self, let account else { return }
        stored.accept(account)
        fields.accept(AccountFields(signedIn: account))
        knownStatuses.accept(.available)
      })
  }

  /// An execution's answer, with its effects: the account kept and announced, or why not.
  private func answer(_ execution: AnyPublisher<Account, ActionError>, failed: String)
    -> PendingResult
  {
    let answer = Replayed<InputResult, Never>()
    work.sink(
      execution,
      receiveCompletion: { [weak self] completion in
        guard case .failure(let error) = completion, let self else { return }
        let message = Self.message(for: error, failed: failed)
        if message == Text.takenMeanwhile { knownStatuses.accept(.taken) }
        if case .underlying(AccountWork.Failure.notKept(let account)) = error {
          stored.accept(account)
        }
        said.accept(.failure(message))
        answer.send(.rejected(message))
        answer.send(completion: .finished)
      },
      receiveValue: { [weak self] account in
        guard let self else { return }
        let renamed = stored.value != nil
        stored.accept(account)
        fields.accept(fields.value.clearingPasswords())
        said.accept(
          .success(renamed ? Text.renamed(account.username) : Text.created(account.username)))
        answer.send(.accepted)
        answer.send(completion: .finished)
      })
    return answer.eraseToAnyPublisher()
  }

  private func forget() -> PendingResult {
    let answer = Replayed<InputResult, Never>()
    stored.accept(nil)
    fields.accept(AccountFields())
    knownStatuses.accept(.empty)
    work.sink(
      activity.track(storage.saveAccount(nil).receive(on: scheduler)),
      receiveCompletion: { [weak self] completion in
        let failed = if case .failure = completion { true } else { false }
        let message = failed ? Text.notKept : Text.signedOut
        self?.said.accept(failed ? .failure(message) : .success(message))
        answer.send(failed ? .rejected(message) : .accepted)
        answer.send(completion: .finished)
      })
    return answer.eraseToAnyPublisher()
  }

  private nonisolated static func message(for error: ActionError, failed: String) -> String {
    switch error {
    case .underlying(AccountWork.Failure.service(.taken)): Text.takenMeanwhile
    case .underlying(AccountWork.Failure.notKept): Text.notKept
    default: failed
    }
  }

  /// The local rules, in the spec's order, then the service.
  nonisolated static func check(
    _ name: String, signedIn: String?, service: any AccountService,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) -> AnyPublisher<UsernameStatus, Never> {
    let local: UsernameStatus? =
      if name.isEmpty { .empty } else if name == signedIn { .available } else if name.count < 4 {
        .tooShort
      } else if !AccountRules.isValidUsername(name) { .invalid } else { nil }
    if let local { return Just(local).eraseToAnyPublisher() }
    // A live answer comes on the network's queue: it is handed to the UI scheduler inside the
    // check, so that a newer name's switch cancels a delivery still on its way.
    return service.availability(of: name)
      .map { $0 ? UsernameStatus.available : .taken }
      .replaceError(with: .failed)
      .receive(on: scheduler)
      .prepend(.checking)
      .eraseToAnyPublisher()
  }
}

/// What the user can do on the account form. A recording of these values holds the password
/// as typed: keep one no longer than the session that made it.
public enum AccountInput: Codable, Equatable, Sendable {
  /// Replaces the username; it is checked at once the first time, later 0.4 s after the
  /// last change.
  case setUsername(text: String)
  /// Replaces the email; its status changes at once.
  case setEmail(text: String)
  /// Replaces the password; its status (and the confirmation's) changes at once.
  case setPassword(text: String)
  /// Replaces the confirmation; its status changes at once.
  case setConfirmation(text: String)
  /// Creates the account (refused with the hint while it cannot).
  case create
  /// Renames the signed-in account to the username in the field (refused with the hint while
  /// it cannot).
  case save
  /// Forgets the account on this machine (the service keeps it) and clears the form.
  case signOut
  /// Shows the account form over the current scene; nothing when it is already shown.
  case open
  /// Takes the account form off the stack; nothing when it is not shown.
  case close
}
