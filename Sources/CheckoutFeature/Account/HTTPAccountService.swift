import AppInfrastructure
import Foundation
import ViewModelKit

/// The accounts at `ACCOUNTS_URL`:
/// - `GET /usernames/{username}` → 200 `{"username","available"}`;
/// - `POST /accounts` `{"username","email","password"}` → 201 `{"username","email"}`, 409 taken;
/// - `PATCH /accounts/{old}` `{"username","password"}` → 200 `{"username","email"}`, 409 taken.
///
/// The username in a path is percent-encoded; the password goes only in request bodies, and
/// no request follows a redirect (a 3xx is `.server`), so the password reaches no other
/// address. An answer naming another account than the one asked for is `.malformed`. The
/// client's own timeout (10 s in the apps) turns silence into `.network`.
public struct HTTPAccountService: AccountService {
  private let baseURL: URL
  private let client: any HTTPClient

  public init(baseURL: URL, client: any HTTPClient) {
    self.baseURL = baseURL
    self.client = client
  }

  public func availability(of username: String) -> AnyPublisher<Bool, AccountError> {
    struct Answer: Decodable {
      let username: String
      let available: Bool
    }
    return send("GET", "usernames/\(Self.pathSegment(username))", body: nil, success: 200)
      .flatMap { (answer: Answer) in Just(answer.available).setFailureType(to: AccountError.self) }
      .eraseToAnyPublisher()
  }

  public func create(username: String, email: String, password: String)
    -> AnyPublisher<Account, AccountError>
  {
    let body = ["username": username, "email": email, "password": password]
    return checked(send("POST", "accounts", body: body, success: 201)) { account in
      account.username == username
        && account.email.lowercased() == email.lowercased()
    }
  }

  public func rename(from: String, to: String, password: String)
    -> AnyPublisher<Account, AccountError>
  {
    let body = ["username": to, "password": password]
    return checked(send("PATCH", "accounts/\(Self.pathSegment(from))", body: body, success: 200)) {
      $0.username == to
    }
  }

  /// An answered account that breaks the rules (a bad username, a huge email) or is not the
  /// one asked for (`isAsked` false) is `.malformed`.
  private func checked(
    _ answer: AnyPublisher<Account, AccountError>, isAsked: @escaping (Account) -> Bool
  ) -> AnyPublisher<Account, AccountError> {
    answer.flatMap { account -> AnyPublisher<Account, AccountError> in
      guard let account = AccountRules.checked(account), isAsked(account) else {
        return Fail(error: .malformed).eraseToAnyPublisher()
      }
      return Just(account).setFailureType(to: AccountError.self).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }

  /// `text` as one path segment: everything but unreserved characters percent-encoded.
  static func pathSegment(_ text: String) -> String {
    let unreserved = CharacterSet(
      charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  /// One request: the JSON answer on `success`, `.taken` on 409, `.server` on another
  /// status, `.malformed` for a body of the wrong shape, `.network` without an answer.
  private func send<Answer: Decodable>(
    _ method: String, _ path: String, body: [String: String]?, success: Int
  ) -> AnyPublisher<Answer, AccountError> {
    // The path is already encoded: it is appended as text, not as a path component.
    guard let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + "/" + path) else {
      return Fail(error: .network).eraseToAnyPublisher()
    }
    var headers = ["Accept": "application/json", "User-Agent": "HeadlessMVVM"]
    var data: Data?
    if let body {
      headers["Content-Type"] = "application/json"
      data = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }
    let request = HTTPRequest(
      method: method, url: url, headers: headers, body: data, redirects: .none)
    return client.send(request)
      .mapError { _ in AccountError.network }
      .flatMap { response -> AnyPublisher<Answer, AccountError> in
        switch response.status {
        case success:
          guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body) else {
            return Fail(error: .malformed).eraseToAnyPublisher()
          }
          return Just(answer).setFailureType(to: AccountError.self).eraseToAnyPublisher()
        case 409: return Fail(error: .taken).eraseToAnyPublisher()
        default: return Fail(error: .server(status: response.status)).eraseToAnyPublisher()
        }
      }
      .eraseToAnyPublisher()
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
