import Foundation
import ViewModelKit

extension WeatherViewModel {
  /// Whether the next key entered (`setApiKey`) is also written to the settings file; refused
  /// when the key cannot be saved (no settings file, `--ephemeral`).
  @discardableResult
  public func setSaveKey(_ save: Bool) -> InputResult {
    guard facts.value.keySaveOffered else { return .rejected(Self.cannotSaveKey) }
    update { $0.saveKeyChosen = save }
    return .accepted
  }

  /// Flips `setSaveKey`, as the dialog's check box does.
  @discardableResult
  public func toggleSaveKey() -> InputResult { setSaveKey(!facts.value.saveKeyChosen) }

  /// Why a key cannot be saved.
  static let cannotSaveKey = "The key cannot be saved: there is no settings file (--ephemeral)"

  /// Writes `key` with the saver; a toast says where, or why not (the key is in use for the
  /// session either way). The choice resets: the next key is not saved unless asked again.
  func saveKey(_ key: String) {
    guard let keySaver else { return }
    update { $0.saveKeyChosen = false }
    switch keySaver.save(apiKey: key) {
    case .success: toasts.accept("Key saved to \(keySaver.place)")
    case .failure(let failure):
      let message = "Key not saved (\(failure.reason)); it is used for this session"
      toasts.accept(message)
      keySaveFailureRelay.accept(message)
    }
  }
}
