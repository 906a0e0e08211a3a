import AppInfrastructure
import Foundation
import ViewModelKit

/// The cache of live sessions: `<data dir>/weather-cache.json`, read once at creation and
/// rewritten whole (temporary file, then rename) at most once a second after a change, and
/// on `flush()`. A missing or unreadable file is an empty cache; a failed write is ignored
/// (the entries stay in memory).
public final class FileWeatherCache: WeatherCache {
  /// The document's name in the data directory.
  public static let fileName = "weather-cache.json"

  private let directory: URL
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let memory: InMemoryWeatherCache
  private var pendingWrite: AnyCancellable?
  /// How many times the document was written (for tests).
  public private(set) var writeCount = 0

  public init(directory: URL, scheduler: AnySchedulerOf<DispatchQueue>) {
    self.directory = directory
    self.scheduler = scheduler
    memory = InMemoryWeatherCache(
      entries: Self.read(directory.appendingPathComponent(Self.fileName)))
  }

  deinit { pendingWrite?.cancel() }

  public func weather(for key: CityKey) -> Weather? { memory.weather(for: key) }

  public func store(_ weather: Weather, for key: CityKey) {
    memory.store(weather, for: key)
    guard pendingWrite == nil else { return }
    pendingWrite = Just(())
      .delay(for: .seconds(1), scheduler: scheduler)
      .sink { [weak self] in
        self?.pendingWrite = nil
        self?.write()
      }
  }

  public func flush() {
    guard let pending = pendingWrite else { return }
    pending.cancel()
    pendingWrite = nil
    write()
  }

  // MARK: The document

  private struct Document: Codable {
    struct Entry: Codable {
      let key: String
      let weather: Weather
    }
    var version = 1
    var entries: [Entry]
  }

  /// Entries that decode, least recently stored first; anything unreadable is skipped.
  private static func read(_ url: URL) -> [(CityKey, Weather)] {
    struct Loose: Decodable {
      struct Entry: Decodable {
        let key: String?
        let weather: Weather?
        init(from decoder: any Decoder) throws {
          let container = try? decoder.container(keyedBy: CodingKeys.self)
          key = try? container?.decode(String.self, forKey: .key)
          weather = try? container?.decode(Weather.self, forKey: .weather)
        }
        enum CodingKeys: String, CodingKey { case key, weather }
      }
      let version: Int
      let entries: [Entry]
    }
    guard let data = try? Data(contentsOf: url),
      let document = try? JSONDecoder().decode(Loose.self, from: data), document.version == 1
    else { return [] }
    return document.entries.compactMap { entry in
      guard let text = entry.key, let key = CityKey(text), key.value == text,
        let weather = entry.weather
      else { return nil }
      return (key, weather)
    }
  }

  private func write() {
    let document = Document(
      entries: memory.orderedEntries.map { Document.Entry(key: $0.0.value, weather: $0.1) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let data = try? encoder.encode(document) else { return }
    do {
      try PrivateFile.makeFolder(directory)
      try PrivateFile.write(data, to: directory.appendingPathComponent(Self.fileName))
      writeCount += 1
    } catch {
      return  // a cache: the next write tries again
    }
  }
}
