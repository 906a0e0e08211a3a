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

/// The rates from `GET $RATES_URL` (plus `access_key=$RATES_API_KEY` when set).
public struct HTTPRatesService: RatesService {
  private let url: URL
  private let apiKey: String?
  private let client: any HTTPClient

  public init(url: URL, apiKey: String?, client: any HTTPClient) {
    self.url = url
    self.apiKey = apiKey
    self.client = client
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
    client.get(requestURL, headers: ["Accept": "application/json", "User-Agent": "HeadlessMVVM"])
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
        return Result { () throws(RatesError) in try RatesDecoder.decode(response.body) }
          .publisher.eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }
}
