import Fixtures
import Foundation
import ViewModelKit

/// The offline accounts: the names in `checkout/accounts.json` are taken, and every account
/// created or renamed here is added to them for the rest of the run. Answers `latency`
/// seconds after a request, on `scheduler` (0.3 s in the apps, 0 in tests).
public final class FixtureAccountService: AccountService {
  private let taken: Locked<Set<String>>
  private let emails = Locked<[String: String]>([:])
  private let latency: Double
  private let scheduler: AnySchedulerOf<DispatchQueue>

  /// The bundled fixture's names, answering after `latency` seconds.
  public init(latency: Double, scheduler: AnySchedulerOf<DispatchQueue>) {
    taken = Locked(Self.bundledNames())
    self.latency = latency
    self.scheduler = scheduler
  }

  /// The names `checkout/accounts.json` lists as taken.
  public static func bundledNames() -> Set<String> {
    struct File: Decodable { let taken: [String] }
    guard let data = try? FixtureLoader.bundled.data("checkout/accounts.json"),
      let file = try? JSONDecoder().decode(File.self, from: data)
    else { return [] }
    return Set(file.taken)
  }

  public func availability(of username: String) -> AnyPublisher<Bool, AccountError> {
    later { [taken] in .success(!taken.withLock { $0.contains(username) }) }
  }

  public func create(username: String, email: String, password: String)
    -> AnyPublisher<Account, AccountError>
  {
    later { [taken, emails] in
      let added = taken.withLock { $0.insert(username).inserted }
      guard added else { return .failure(.taken) }
      emails.withLock { $0[username] = email }
      return .success(Account(username: username, email: email))
    }
  }

  public func rename(from: String, to: String, password: String)
    -> AnyPublisher<Account, AccountError>
  {
    later { [taken, emails] in
      let added = taken.withLock { names -> Bool in
        guard !names.contains(to) else { return false }
        names.remove(from)
        names.insert(to)
        return true
      }
      guard added else { return .failure(.taken) }
      let email = emails.withLock { $0.removeValue(forKey: from) ?? "" }
      emails.withLock { $0[to] = email }
      return .success(Account(username: to, email: email))
    }
  }

  /// `answer`, worked out when subscribed, delivered `latency` seconds later.
  private func later<T>(_ answer: @escaping () -> Result<T, AccountError>) -> AnyPublisher<
    T, AccountError
  > {
    let scheduler = scheduler
    let latency = latency
    return Deferred { () -> AnyPublisher<T, AccountError> in
      let result = answer().publisher
      guard latency > 0 else { return result.eraseToAnyPublisher() }
      return result.delay(for: .milliseconds(Int(latency * 1000)), scheduler: scheduler)
        .eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }
}
