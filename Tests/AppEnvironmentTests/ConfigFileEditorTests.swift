import AppEnvironment
import Foundation
import Testing

@Suite("Settings file: writing one key")
struct ConfigFileEditorTests {
  func folder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString)")
  }

  func mode(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
  }

  @Test("ST-04 only the key's line changes; comments, blank lines and other keys stay")
  func st04ReplacesOneLine() throws {
    let home = folder()
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let path = home.appendingPathComponent("config.toml").path
    let before = """
      # my settings
      units = "fahrenheit"   # I like it

      openweather_api_key = "old-key-0000"
      currency = "AUD"

      """
    try Data(before.utf8).write(to: URL(fileURLWithPath: path))
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "new\"key\\9999")
    let after = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      after
        == before.replacingOccurrences(
          of: "openweather_api_key = \"old-key-0000\"",
          with: "openweather_api_key = \"new\\\"key\\\\9999\""))
    #expect(try mode(path) == 0o600)
    let read = try ConfigFile.parse(after, path: path)
    #expect(read.values["openweather_api_key"] == "new\"key\\9999")
  }

  @Test("ST-04 a missing key is appended; a missing file and folder are created 0600/0700")
  func st04Appends() throws {
    let home = folder()
    defer { try? FileManager.default.removeItem(at: home) }
    let path = home.appendingPathComponent("headless-mvvm/config.toml").path
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "abcd1234")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "openweather_api_key = \"abcd1234\"\n")
    #expect(try mode(path) == 0o600)
    try Data("units = \"celsius\"".utf8).write(to: URL(fileURLWithPath: path))
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "efgh5678")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "units = \"celsius\"\nopenweather_api_key = \"efgh5678\"\n")
  }

  @Test("ST-04 a broken file, a control character or an unknown key is refused, the file untouched")
  func st04Refusals() throws {
    let home = folder()
    defer { try? FileManager.default.removeItem(at: home) }
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let path = home.appendingPathComponent("config.toml").path
    try Data("units = \n".utf8).write(to: URL(fileURLWithPath: path))
    let editor = ConfigFileEditor(path: path)
    #expect(throws: ConfigurationError.self) { try editor.set("openweather_api_key", to: "k") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "units = \n")
    try Data("".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: ConfigurationError.self) { try editor.set("openweather_api_key", to: "a\nb") }
    #expect(throws: ConfigurationError.self) { try editor.set("password", to: "x") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
  }
}
