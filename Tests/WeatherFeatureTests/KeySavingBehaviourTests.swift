import Foundation
import Testing
import ViewModelKit
import WeatherFeature

/// Records the keys it is asked to write; fails when told to.
final class RecordingKeySaver: ApiKeySaver {
  var saved: [String] = []
  var failure: ApiKeySaveFailure?
  var place: String { "/home/ana/.config/headless-mvvm/config.toml" }
  func save(apiKey key: String) -> Result<Void, ApiKeySaveFailure> {
    if let failure { return .failure(failure) }
    saved.append(key)
    return .success(())
  }
}

@Suite("Weather: saving a typed key to the settings file")
@MainActor
struct KeySavingBehaviourTests {
  @Test("ST-04 a key is saved only when the dialog's choice is ticked; the choice then resets")
  func st04SavedWhenChosen() {
    let saver = RecordingKeySaver()
    let h = WeatherHarness(keySaver: saver)
    let choice = h.viewModel.saveKeyChoice.record(on: h.scheduler)
    h.viewModel.openKeyPrompt()
    h.viewModel.setApiKey("session-only-1111")
    h.at(0)
    #expect(saver.saved.isEmpty && h.apiKeyStatus.last == "****1111")
    h.viewModel.openKeyPrompt()
    #expect(h.viewModel.toggleSaveKey() == .accepted)
    h.at(0)
    #expect(choice.last == "[x] Save to the settings file")
    h.viewModel.setApiKey("  kept-key-2222 ")
    h.at(0)
    #expect(saver.saved == ["kept-key-2222"])
    #expect(h.toast.values.last == "Key saved to /home/ana/.config/headless-mvvm/config.toml")
    #expect(
      choice.values == [
        "[ ] Save to the settings file", "[x] Save to the settings file",
        "[ ] Save to the settings file",
      ])
  }

  @Test("ST-04 a failed write says why and keeps the key for the session")
  func st04FailureKeepsTheKey() {
    let saver = RecordingKeySaver()
    saver.failure = ApiKeySaveFailure("read-only file system")
    let h = WeatherHarness(keySaver: saver)
    h.viewModel.setSaveKey(true)
    h.viewModel.setApiKey("kept-anyway-3333")
    h.at(0)
    #expect(h.apiKeyStatus.last == "****3333")
    #expect(
      h.toast.values == ["Key not saved (read-only file system); it is used for this session"])
  }

  @Test("ST-04 without a saver the choice is not offered and is refused; Esc clears the choice")
  func st04NotOffered() {
    let h = WeatherHarness()
    let choice = h.viewModel.saveKeyChoice.record(on: h.scheduler)
    #expect(
      h.viewModel.setSaveKey(true)
        == .rejected("The key cannot be saved: there is no settings file (--ephemeral)"))
    h.at(0)
    #expect(choice.values == [""])
    let saver = RecordingKeySaver()
    let offered = WeatherHarness(keySaver: saver)
    offered.viewModel.openKeyPrompt()
    offered.viewModel.setSaveKey(true)
    offered.viewModel.dismissKeyPrompt()
    offered.viewModel.openKeyPrompt()
    offered.viewModel.setApiKey("not-saved-4444")
    offered.at(0)
    #expect(saver.saved.isEmpty)
  }
}
