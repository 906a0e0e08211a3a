import AppInfrastructure
import ArgumentParser
import CheckoutFeature
import Foundation
import StoreSupport
import ViewModelKit

/// Builds the Checkout app's services from the configuration: live rates by default (the
/// ECB's from Frankfurter, or `RATES_URL`), the fixtures with `--offline`; the catalog and
/// accounts from their variables when set; SQLite unless `--ephemeral`.
public enum CheckoutComposition {
  /// Checkout's own flags, which every head takes for it (its registry entry carries them).
  public struct Options: AppFlags {
    /// `--catalog <file>`: load this catalog file instead.
    @Option(
      name: .customLong("catalog"),
      help: "Checkout: load this catalog file instead of the bundled one.")
    public var catalogFile: String?

    /// For argument-parser, which fills the properties as it parses; read `.none` or a
    /// parsed value, never this (an unparsed property traps when read).
    public init() {}

    public init(catalogFile: String?) { self.catalogFile = catalogFile }

    /// No flag given.
    public static var none: Self { Self(catalogFile: nil) }
  }

  public static func services(
    _ configuration: AppConfiguration, options: Options = .none,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) throws(ConfigurationError) -> CheckoutServices {
    let catalog: any CatalogService
    if let file = options.catalogFile {
      let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      let url = URL(fileURLWithPath: file, relativeTo: base)
      // A file the user named that cannot be read, or is not a catalog, stops the app, as a
      // bad flag does: read once here, so a FIFO, a device or a huge file is never waited on.
      guard let status = FileStatus(followingLinksAt: url.path), status.isRegularFile,
        FileManager.default.isReadableFile(atPath: url.path)
      else { throw .invalidValue("--catalog: cannot read \(file)") }
      guard status.size <= CurlHTTPClient.defaultBodyLimit,
        let data = FileManager.default.contents(atPath: url.path),
        data.count <= CurlHTTPClient.defaultBodyLimit
      else { throw .invalidValue("--catalog: \(file) is larger than a catalog can be (5 MiB)") }
      do {
        catalog = FixtureCatalogService(products: try CatalogDecoder.decode(data))
      } catch .malformed(let reason) {
        throw .invalidValue("--catalog: \(file) is not a catalog: \(reason)")
      } catch {
        throw .invalidValue("--catalog: \(file) is not a catalog")
      }
    } else if !configuration.offline, let url = try configuration.webAddress("CATALOG_URL") {
      catalog = HTTPCatalogService(url: url, client: CurlHTTPClient(timeout: 10))
    } else {
      catalog = FixtureCatalogService()
    }

    let rates: any RatesService
    let connectivity: any ConnectivityService
    if configuration.offline {
      rates = FixtureRatesService()
      connectivity = AlwaysOnline()
    } else {
      rates = try liveRates(configuration)
      connectivity = InterfaceConnectivity(scheduler: scheduler)
    }

    let storage: any CheckoutStorage
    if configuration.ephemeral {
      storage = InMemoryCheckoutStorage()
    } else {
      let folder = try configuration.dataDirectory.prepare()
      let path = folder.appendingPathComponent("checkout.sqlite").path
      let problem = StoreFileCheck.problemWhileLocked(path, as: SQLiteCheckoutStorage.identity)
      // A damaged store is the storage's to report: the app goes on without it.
      if let problem, problem != .damaged(path: path) {
        throw ConfigurationError.invalidValue(
          "the checkout store cannot be used: \(problem.message)")
      }
      storage = SQLiteCheckoutStorage(path: path)
    }
    let accounts: any AccountService =
      if !configuration.offline, let url = try configuration.webAddress("ACCOUNTS_URL") {
        HTTPAccountService(baseURL: url, client: CurlHTTPClient(timeout: 10))
      } else {
        FixtureAccountService(latency: 0, scheduler: scheduler)  // at once, as every sample
      }
    return CheckoutServices(
      catalog: catalog, rates: rates, connectivity: connectivity, storage: storage,
      accounts: accounts)
  }

  /// The live rates (issue 30): `RATES_URL` (with `RATES_API_KEY`) when set, else the ECB's
  /// from Frankfurter; the last good answer kept in `<data dir>/rates.json` (not under
  /// `--ephemeral`) for when they cannot be had; the samples when the session finds no
  /// network and nothing is kept.
  static func liveRates(_ configuration: AppConfiguration) throws(ConfigurationError)
    -> any RatesService
  {
    let custom = try configuration.webAddress("RATES_URL")
    let fallback = NetworkFallback()
    let client = FallbackWatchingClient(CurlHTTPClient(timeout: 10), fallback: fallback)
    let file =
      configuration.ephemeral
      ? nil : (try? configuration.dataDirectory.prepare())?.appendingPathComponent("rates.json")
    let apiKey = configuration.variable("RATES_API_KEY")
    return KeptRatesService(file: file, samples: FixtureRatesService(), fallback: fallback) {
      keep in
      HTTPRatesService(
        url: custom ?? HTTPRatesService.frankfurterURL, apiKey: custom == nil ? nil : apiKey,
        client: client, source: custom == nil ? "ECB, via Frankfurter" : "", keep: keep)
    }
  }

  /// A whole checkout session on the configuration's services and clock.
  @MainActor public static func session(
    _ configuration: AppConfiguration, options: Options = .none,
    scheduler: AnySchedulerOf<DispatchQueue>
  ) throws(ConfigurationError) -> CheckoutSession {
    CheckoutSession(
      services: try services(configuration, options: options, scheduler: scheduler),
      clock: configuration.clock.now, scheduler: scheduler)
  }
}
