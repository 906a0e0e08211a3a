import Foundation

/// Writes an OpenWeatherMap key where the next start finds it (the settings file), when the
/// user asks for it in the key dialog (ST-04). Without one, a typed key lasts for the session.
public protocol ApiKeySaver {
  /// Where the key goes, as the user should read it: `~/.config/headless-mvvm/config.toml`.
  var place: String { get }
  /// Writes `key`; the failure's text says why it could not be written.
  func save(apiKey key: String) -> Result<Void, ApiKeySaveFailure>
}

/// Why a key could not be written, in words for the user.
public struct ApiKeySaveFailure: Error, Equatable {
  public let reason: String
  public init(_ reason: String) { self.reason = reason }
}
