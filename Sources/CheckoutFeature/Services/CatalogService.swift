import AppInfrastructure
import Fixtures
import Foundation
import ViewModelKit

/// Why the catalog could not be loaded. Every case shows the same message to the user.
public enum CatalogError: Error, Equatable {
  case network
  case http(status: Int)
  case timeout
  case malformed(reason: String)

  /// What the user reads.
  public static let message = "Unable to load the catalog"
}

/// Where the catalog comes from.
public protocol CatalogService {
  /// The whole catalog, in display order, or why it could not be had.
  func loadCatalog() -> AnyPublisher<[Product], CatalogError>
}

/// The catalog from a JSON file: the bundled fixture, or the file `--catalog` names.
public struct FixtureCatalogService: CatalogService {
  private let file: URL?
  private let products: [Product]?

  /// Reads `file`, or the bundled `checkout/catalog.json` when nil.
  public init(file: URL? = nil) {
    self.file = file
    products = nil
  }

  /// Answers `products`, already read and checked (the file `--catalog` names, read once at
  /// start, so it is never opened a second time).
  public init(products: [Product]) {
    file = nil
    self.products = products
  }

  public func loadCatalog() -> AnyPublisher<[Product], CatalogError> {
    if let products {
      return Just(products).setFailureType(to: CatalogError.self).eraseToAnyPublisher()
    }
    return Deferred { [file] in
      Future<[Product], CatalogError> { promise in
        promise(
          Result { () throws(CatalogError) -> [Product] in
            let data: Data
            if let file {
              guard let bytes = try? Data(contentsOf: file) else {
                throw .malformed(reason: "\(file.path) cannot be read")
              }
              data = bytes
            } else {
              do {
                data = try FixtureLoader.bundled.data("checkout/catalog.json")
              } catch {
                throw .malformed(reason: "\(error)")
              }
            }
            return try CatalogDecoder.decode(data)
          })
      }
    }
    .eraseToAnyPublisher()
  }
}

/// The catalog from `GET $CATALOG_URL`.
public struct HTTPCatalogService: CatalogService {
  private let url: URL
  private let client: any HTTPClient

  public init(url: URL, client: any HTTPClient) {
    self.url = url
    self.client = client
  }

  public func loadCatalog() -> AnyPublisher<[Product], CatalogError> {
    client.get(url, headers: ["Accept": "application/json"])
      .mapError { error in
        switch error.code {
        case .timedOut: CatalogError.timeout
        case .dataLengthExceedsMaximum: .malformed(reason: "the body is over the size limit")
        default: .network
        }
      }
      .flatMap { response -> AnyPublisher<[Product], CatalogError> in
        guard (200..<300).contains(response.status) else {
          return Fail(error: .http(status: response.status)).eraseToAnyPublisher()
        }
        return Result { () throws(CatalogError) in try CatalogDecoder.decode(response.body) }
          .publisher.eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }
}
