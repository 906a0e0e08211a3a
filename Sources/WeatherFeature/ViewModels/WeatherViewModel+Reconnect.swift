import Foundation
import ViewModelKit

// WW-07: a retry when the network returns. A query whose last attempt failed for want of a
// network shows its fallback as before, then waits, as a pipeline: the connectivity service's
// values, past the "online" it may still report, up to the first "online" after an
// "offline". Then the query runs once more by itself, from its first attempt, with a toast.
// A newer query ends the wait (`start` sends nil, and `flatMapLatest` drops the wait); the
// wait is not activity, so the CLI does not stay for it, as it does not for a key.

extension WeatherViewModel {
  /// The toast when the network is back and the query runs again.
  public static let backOnline = "Back online: retrying"

  /// Runs each waiting query again once the network has gone and come back.
  func retryWhenOnline(_ waits: PublishRelay<QueryRequest?>) -> AnyCancellable {
    waits.flatMapLatest { [unowned self] request -> AnyPublisher<QueryRequest, Never> in
      guard let request else { return Empty().eraseToAnyPublisher() }
      return connectivity.isOnline
        .drop(while: { $0 })
        .first(where: { $0 })
        .map { _ in request }
        .receive(on: scheduler)
        .eraseToAnyPublisher()
    }
    .sink { [unowned self] request in
      toasts.accept(Self.backOnline)
      start(request)
    }
  }
}
