import Foundation
import ViewModelKit

/// Writing a typed key to the settings file when the user asks (ST-04): the dialog's choice,
/// the save, and each save that failed.
final class WeatherKeySaving {
  private let store: WeatherFactsStore
  /// Writes a key to the settings file; nil: session keys only.
  private let saver: (any ApiKeySaver)?
  /// Each key the saver could not write (also a toast).
  let failures = PublishRelay<String>()

  init(store: WeatherFactsStore, saver: (any ApiKeySaver)?) {
    self.store = store
    self.saver = saver
  }

  /// Whether the next key entered is also written; refused when no key can be saved.
  func setSaveKey(_ save: Bool) -> InputResult {
    guard store.value.keySaveOffered else { return .rejected(WeatherViewModel.cannotSaveKey) }
    store.update { $0.saveKeyChosen = save }
    return .accepted
  }

  /// Writes `key` when the user chose so; a toast says where, or why not (the key is in use
  /// for the session either way). The choice resets: the next key is not saved unless asked.
  func keyEntered(_ key: String) {
    guard store.value.saveKeyChosen, let saver else { return }
    store.update { $0.saveKeyChosen = false }
    switch saver.save(apiKey: key) {
    case .success: store.toasts.accept(.success("Key saved to \(saver.place)"))
    case .failure(let failure):
      let message = "Key not saved (\(failure.reason)); it is used for this session"
      store.toasts.accept(.warning(message))
      failures.accept(message)
    }
  }
}

extension WeatherViewModel {
  /// Why a key cannot be saved.
  nonisolated static let cannotSaveKey =
    "The key cannot be saved: there is no settings file (--ephemeral)"
}
