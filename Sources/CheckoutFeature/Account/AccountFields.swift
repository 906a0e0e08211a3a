import Foundation
import ViewModelKit

/// The account form's texts as typed, and which fields have been edited (a field shows no
/// status before its first edit).
struct AccountFields: Equatable {
  enum Field: Hashable { case username, email, password, confirmation }

  var username = ""
  var email = ""
  var password = ""
  var confirmation = ""
  var touched = TouchedFields<Field>()

  init() {}

  /// The form of a signed-in user: their username and email, no password.
  init(signedIn account: Account) {
    username = account.username
    email = account.email
    touched = TouchedFields([.username, .email])
  }

  /// The same texts, with the password and its confirmation cleared and pristine again.
  func clearingPasswords() -> AccountFields {
    var next = self
    next.password = ""
    next.confirmation = ""
    next.touched.reset([.password, .confirmation])
    return next
  }

  /// What a create (`from` nil) or a rename of `from` sends.
  func request(from: String?) -> AccountRequest {
    AccountRequest(
      from: from, username: username,
      email: email.trimmingCharacters(in: .whitespacesAndNewlines), password: password)
  }

  func status(_ field: Field, _ rule: () -> FieldStatus) -> FieldStatus {
    touched.status(field, rule)
  }
}

/// One create or rename, as sent. Its password is never kept beyond the request.
struct AccountRequest {
  let from: String?
  let username: String
  let email: String
  let password: String
}

/// The work of a create or a rename: the service's answer, then the account kept in the
/// store. A store that cannot keep it is a failure of its own (the account exists).
enum AccountWork {
  enum Failure: Error {
    case service(AccountError)
    case notKept(Account)
  }

  static func create(
    _ request: AccountRequest, service: any AccountService, storage: any CheckoutStorage
  ) -> AnyPublisher<Account, Failure> {
    keep(
      service.create(
        username: request.username, email: request.email, password: request.password),
      in: storage)
  }

  static func rename(
    _ request: AccountRequest, service: any AccountService, storage: any CheckoutStorage
  ) -> AnyPublisher<Account, Failure> {
    keep(
      service.rename(
        from: request.from ?? "", to: request.username, password: request.password),
      in: storage)
  }

  private static func keep(
    _ answer: AnyPublisher<Account, AccountError>, in storage: any CheckoutStorage
  ) -> AnyPublisher<Account, Failure> {
    answer.mapError(Failure.service)
      .flatMap { account in
        storage.saveAccount(account).map { account }.mapError { _ in Failure.notKept(account) }
      }
      .eraseToAnyPublisher()
  }
}

extension AccountState {
  /// The form's display for `fields`, the username's status, the stored account and the
  /// work running.
  init(
    _ fields: AccountFields, status: UsernameStatus, stored: Account?, creating: Bool,
    renaming: Bool
  ) {
    let email = fields.status(.email) { OrderFormRules.email(fields.email) }
    let password = fields.status(.password) { AccountRules.password(fields.password) }
    let confirmation = fields.status(.confirmation) {
      AccountRules.confirmation(fields.confirmation, password: fields.password)
    }
    // The checks are made on the texts whatever their pristine state: an untouched field is
    // not valid yet.
    let detailsValid =
      OrderFormRules.email(fields.email).isValid && AccountRules.password(fields.password).isValid
      && AccountRules.confirmation(fields.confirmation, password: fields.password).isValid
    let usernameHint: String? =
      switch status {
      case .available: nil
      case .taken: "Username is taken"
      case .checking: "Checking username…"
      // The check itself failed: the name may be fine, so say what to do (issue 26).
      case .failed: AccountViewModel.Text.checkFailedHint
      default: "Choose a username"
      }
    // Why each button cannot run now, the first reason that applies; nil when it can. The
    // flags come from these, not from the hint texts.
    let createBlock: String? =
      if stored != nil { "Already signed in" } else if let usernameHint {
        usernameHint
      } else if !detailsValid { "Complete your details" } else if creating {
        "Creating account…"
      } else { nil }
    let unchanged = fields.username == stored?.username
    let saveBlock: String? =
      if stored == nil { AccountViewModel.Text.notSignedIn } else if unchanged {
        "Choose a username"
      } else if let usernameHint {
        usernameHint
      } else if !AccountRules.password(fields.password).isValid {
        "Complete your details"
      } else if renaming { "Saving…" } else { nil }
    self.init(
      isSignedIn: stored != nil,
      signedInAs: stored?.username ?? "", username: fields.username, email: fields.email,
      usernameStatus: status, emailStatus: email, passwordStatus: password,
      confirmationStatus: confirmation, createEnabled: createBlock == nil,
      createHint: createBlock ?? "Ready", saveEnabled: saveBlock == nil,
      saveHint: saveBlock ?? "Ready",
      isBusy: creating || renaming, passwordLength: fields.password.count,
      confirmationLength: fields.confirmation.count)
  }
}
