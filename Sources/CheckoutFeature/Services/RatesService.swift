import AppInfrastructure
import Fixtures
import Foundation
import ViewModelKit

/// Why rates could not be had. Every case shows the same message to the user.
public enum RatesError: Error, Equatable {
  case network
  case timeout
  case http(status: Int)
  case api(code: Int?)
  case wrongBase(String)
  case malformed

  /// What the user reads.
  public static let message = "Unable to retrieve currencies"
}

/// Where exchange rates come from.
public protocol RatesService {
  /// The latest rates against GBP.
  func latestRates() -> AnyPublisher<RatesTable, RatesError>
  /// Whether `latestRates()` can answer without a network (rates kept on disk): the currency
  /// change then stays on offline. False unless a service says otherwise.
  var canAnswerOffline: Bool { get }
  /// Where the rates come from, for the picker (`ECB, via Frankfurter`), or "".
  var source: String { get }
}

extension RatesService {
  public var canAnswerOffline: Bool { false }
  public var source: String { "" }
}

/// The bundled `checkout/rates.json`, answered at once.
public struct FixtureRatesService: RatesService {
  public init() {}

  public func latestRates() -> AnyPublisher<RatesTable, RatesError> {
    Result { () throws(RatesError) -> RatesTable in
      guard let data = try? FixtureLoader.bundled.data("checkout/rates.json") else {
        throw .malformed
      }
      return try RatesDecoder.decode(data)
    }
    .publisher.eraseToAnyPublisher()
  }
}

/// The rates from `GET $RATES_URL` (plus `access_key=$RATES_API_KEY` when set), or by default
/// the European Central Bank's reference rates from Frankfurter, in the same format.
public struct HTTPRatesService: RatesService {
  /// Frankfurter's latest ECB rates against GBP: keyless.
  public static let frankfurterURL = URL(string: "https://api.frankfurter.dev/v1/latest?base=GBP")!

  private let url: URL
  private let apiKey: String?
  private let client: any HTTPClient & Sendable
  private let keep: (@Sendable (Data) -> Void)?
  public let source: String

  /// `keep` is handed each body that decoded, to keep for when the service cannot be had.
  public init(
    url: URL, apiKey: String?, client: any HTTPClient & Sendable, source: String = "",
    keep: (@Sendable (Data) -> Void)? = nil
  ) {
    self.url = url
    self.apiKey = apiKey
    self.client = client
    self.source = source
    self.keep = keep
  }

  /// The URL requested: `RATES_URL` verbatim, with the access key added when there is one.
  public var requestURL: URL {
    guard let apiKey, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return url }
    components.queryItems =
      (components.queryItems ?? []) + [URLQueryItem(name: "access_key", value: apiKey)]
    return components.url ?? url
  }

  public func latestRates() -> AnyPublisher<RatesTable, RatesError> {
    // The async call, through the bridge (issue 31): cancelling cancels the transfer.
    client.fetch(requestURL, headers: ["Accept": "application/json", "User-Agent": "HeadlessMVVM"])
      .mapError { error in
        switch error.code {
        case .timedOut: RatesError.timeout
        case .dataLengthExceedsMaximum: .malformed
        default: .network
        }
      }
      .flatMap { response -> AnyPublisher<RatesTable, RatesError> in
        guard (200..<300).contains(response.status) else {
          return Fail(error: .http(status: response.status)).eraseToAnyPublisher()
        }
        return Result { () throws(RatesError) in
          let table = try RatesDecoder.decode(response.body)
          keep?(response.body)
          return table
        }
        .publisher.eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }
}
