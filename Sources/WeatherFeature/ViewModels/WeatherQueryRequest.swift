import Foundation
import ViewModelKit

// What a weather query is (its kind and plan), and the steps it takes as it runs: the values
// `WeatherQueryPlan` turns into a pipeline and `WeatherQueries` applies.

extension WeatherViewModel {
  /// What started a query: it decides caching, re-centring and the fallback.
  enum QueryKind: Equatable {
    case text(String)
    case location
    case map(Coordinate)

    /// Text and location results move the map to the place; map results leave it (no loop).
    var recentresTheMap: Bool {
      if case .map = self { return false }
      return true
    }

    /// How a query of this kind runs when started at once.
    var plan: QueryRequest.Plan {
      switch self {
      case .text(let text): .fetch(.city(text), firstAttempt: 1)
      case .location: .locate
      case .map(let center): .fetch(.coordinate(center), firstAttempt: 1)
      }
    }
  }

  /// One query as the pipeline runs it.
  struct QueryRequest {
    enum Plan {
      /// Attempts from `firstAttempt` on (a resume after a key entry starts past 1).
      case fetch(WeatherQuery, firstAttempt: Int)
      /// The map's centre, looked up once the panning has stopped for the settle delay.
      case settleThenFetch(Coordinate)
      /// The first accurate location fix, then the weather there.
      case locate
    }

    let kind: QueryKind
    let plan: Plan
    /// Whether a last attempt that fails for want of a network waits for it to come back and
    /// runs the query once more (WW-07); false for that second run.
    var retriesWhenOnline = true
  }

  /// What a running query changes, in order.
  enum QueryStep {
    /// Attempt n of the query starts.
    case attempt(Int)
    case toast(String)
    /// A 401: the query stops until a key is entered, then goes on with `resume`.
    case waitForKey(resume: QueryRequest)
    /// The last attempt found no network: once it is back, `resume` runs (WW-07).
    case waitForNetwork(resume: QueryRequest)
    /// The end of the query: live weather, the cached entry, or the placeholder, with the
    /// position asked about (a map point, the device's fix), if any.
    case shown(WeatherFacts.Display, QueryKind, asked: Coordinate?)
    case forecast(WeatherFacts.ForecastState)
  }

  /// Why a location query found no place to look up.
  enum FixFailure: Error {
    case location(LocationError)
    case noAccurateFix

    var message: String {
      switch self {
      case .location(let error): error.message
      case .noAccurateFix: WeatherViewModel.noAccurateFix
      }
    }
  }
}
