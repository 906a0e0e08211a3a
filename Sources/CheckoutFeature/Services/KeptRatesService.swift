import AppInfrastructure
import Foundation
import ViewModelKit

/// The live rates, with the last good answer kept on disk (issue 30, item 3): when the service
/// cannot be had, the kept rates answer, marked `.kept` with their own date, so a currency
/// change works offline; with none kept and no network at all (`NetworkFallback`), the bundled
/// samples answer, marked `.sample`. Any other failure is the live service's.
///
/// The file is the service's body as it came (after it decoded), written to a temporary file
/// and renamed over the old one. It is a cache: a failed write loses nothing the user made, so
/// it is not reported; a file that does not decode, or is over `sizeLimit`, is no kept rates.
public struct KeptRatesService: RatesService {
  /// The largest kept file read: a rates body is a few hundred bytes.
  public static let sizeLimit = 256 * 1024

  private let live: any RatesService
  private let file: URL?
  private let samples: any RatesService
  private let fallback: NetworkFallback?

  /// `makeLive` builds the live service around the function that keeps each good body.
  public init(
    file: URL?, samples: any RatesService, fallback: NetworkFallback?,
    makeLive: (_ keep: @escaping @Sendable (Data) -> Void) -> any RatesService
  ) {
    self.file = file
    self.samples = samples
    self.fallback = fallback
    live = makeLive { body in Self.write(body, to: file) }
  }

  public var source: String { live.source }

  public var canAnswerOffline: Bool { kept() != nil }

  public func latestRates() -> AnyPublisher<RatesTable, RatesError> {
    let service = self
    return live.latestRates()
      .catch { error -> AnyPublisher<RatesTable, RatesError> in
        if var table = service.kept() {
          table.origin = .kept
          return Just(table).setFailureType(to: RatesError.self).eraseToAnyPublisher()
        }
        guard service.fallback?.isFallingBack == true else {
          return Fail(error: error).eraseToAnyPublisher()
        }
        return service.samples.latestRates()
          .map { table in
            var sample = table
            sample.origin = .sample
            return sample
          }
          .eraseToAnyPublisher()
      }
      .eraseToAnyPublisher()
  }

  /// The kept rates, if a file is there and decodes.
  func kept() -> RatesTable? {
    guard let file,
      let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
      (attributes[.type] as? FileAttributeType) == .typeRegular,
      let size = attributes[.size] as? Int, size <= Self.sizeLimit,
      let data = try? Data(contentsOf: file)
    else { return nil }
    return try? RatesDecoder.decode(data)
  }

  private static func write(_ body: Data, to file: URL?) {
    guard let file, body.count <= sizeLimit else { return }
    try? PrivateFile.write(body, to: file)
  }
}
