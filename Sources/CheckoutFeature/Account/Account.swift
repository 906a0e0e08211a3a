import Foundation
import ViewModelKit

/// A shop account as the app keeps it: the username and the email, never the password.
public struct Account: Equatable, Sendable, Codable {
  /// `^[a-z0-9_]{4,20}$`.
  public var username: String
  public var email: String

  public init(username: String, email: String) {
    self.username = username
    self.email = email
  }
}

/// Why an account request failed.
public enum AccountError: Error, Equatable, Sendable {
  /// The username belongs to someone else (HTTP 409).
  case taken
  /// No answer: no connection, a refused one, or 10 s of silence.
  case network
  /// Any other HTTP status.
  case server(status: Int)
  /// A body of the wrong shape.
  case malformed
}

/// The accounts the shop knows: checks a username, creates an account, renames one.
public protocol AccountService {
  /// Whether `username` is free (true) or taken (false).
  func availability(of username: String) -> AnyPublisher<Bool, AccountError>
  /// Creates the account; `.taken` when the username went meanwhile.
  func create(username: String, email: String, password: String)
    -> AnyPublisher<Account, AccountError>
  /// Renames the account `from` to `to`; `.taken` when `to` is someone else's.
  func rename(from: String, to: String, password: String) -> AnyPublisher<Account, AccountError>
}
