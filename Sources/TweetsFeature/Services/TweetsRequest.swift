import AppInfrastructure
import Foundation
import ViewModelKit

/// One GET of a list service's JSON, as both live clients (Twitter's and Bluesky's) make it: a
/// timeout is `timeout`, a body past the client's limit `tooLarge`, any other transport
/// failure `offline`; a status outside 2xx is what `failure` makes of the answer; a body the
/// decoder refuses is its error.
enum TweetsRequest {
  static func get<T>(
    _ url: URL?, headers: [String: String], client: any HTTPClient & Sendable,
    failure: @escaping @Sendable (HTTPResponse) -> TwitterError,
    decode: @escaping @Sendable (Data) throws(TwitterError) -> T
  ) -> AnyPublisher<T, TwitterError> {
    guard let url else { return Fail(error: .offline).eraseToAnyPublisher() }
    // The async call, through the bridge (issue 31): cancelling cancels the transfer.
    return client.fetch(url, headers: headers)
      .mapError { error in
        switch error.code {
        case .timedOut: TwitterError.timeout
        case .dataLengthExceedsMaximum: .tooLarge
        default: .offline
        }
      }
      .flatMap { response -> AnyPublisher<T, TwitterError> in
        guard (200..<300).contains(response.status) else {
          return Fail(error: failure(response)).eraseToAnyPublisher()
        }
        do throws(TwitterError) {
          return Just(try decode(response.body)).setFailureType(to: TwitterError.self)
            .eraseToAnyPublisher()
        } catch {
          return Fail(error: error).eraseToAnyPublisher()
        }
      }
      .eraseToAnyPublisher()
  }
}
