import AppEnvironment
import Foundation
import PropertyBased
import Testing

/// Issue 26, item 1: the settings editor works on the file's own lines (LF, CRLF, a last line
/// without an ending), keeps symbolic links, and refuses what one changed line cannot edit.
@Suite("Settings file: editing keeps the file's lines, links and strings")
struct ConfigFileEditorLineTests {
  /// A fresh folder with `text` as its config.toml; returns the file's path.
  func file(_ text: String) throws -> String {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("editor-lines-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let path = home.appendingPathComponent("config.toml").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  func clean(_ path: String) {
    try? FileManager.default.removeItem(
      atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  @Test("CRLF: the key on the first line changes that line only; the others and their CRLFs stay")
  func crlfFirstLine() throws {
    let path = try file(
      "openweather_api_key = \"old\"\r\nunits = \"fahrenheit\"\r\ncurrency = \"AUD\"\r\n")
    defer { clean(path) }
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "new-1234")
    #expect(
      try read(path)
        == "openweather_api_key = \"new-1234\"\r\nunits = \"fahrenheit\"\r\ncurrency = \"AUD\"\r\n")
  }

  @Test("issue 38: a file that starts with a UTF-8 byte-order mark keeps it, and is 0600")
  func byteOrderMark() throws {
    let path = try file("\u{FEFF}units = \"fahrenheit\"\n")
    defer { clean(path) }
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "k-5678")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]))
    #expect(
      try read(path) == "\u{FEFF}units = \"fahrenheit\"\nopenweather_api_key = \"k-5678\"\n")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(mode as? Int == 0o600)
  }

  @Test("CRLF: the key further down is replaced, not added a second time; the file still parses")
  func crlfLaterLine() throws {
    let path = try file("# mine\r\nunits = \"fahrenheit\"\r\nopenweather_api_key = \"old\"\r\n")
    defer { clean(path) }
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "new-1234")
    let after = try read(path)
    #expect(after == "# mine\r\nunits = \"fahrenheit\"\r\nopenweather_api_key = \"new-1234\"\r\n")
    #expect(try ConfigFile.parse(after, path: path).values["units"] == "fahrenheit")
  }

  @Test(
    "A CRLF file without the key gets it as a CRLF line; a last line without an ending gets one")
  func crlfAppend() throws {
    let path = try file("units = \"celsius\"\r\ncurrency = \"EUR\"")
    defer { clean(path) }
    try ConfigFileEditor(path: path).set("openweather_api_key", to: "k-5678")
    #expect(
      try read(path)
        == "units = \"celsius\"\r\ncurrency = \"EUR\"\r\nopenweather_api_key = \"k-5678\"\r\n")
  }

  @Test("A key inside a multi-line string is refused with a message; the file is untouched")
  func multiLineString() throws {
    let texts = [
      "units = \"celsius\"\nrates_url = \"\"\"\nopenweather_api_key = \"inside\"\n\"\"\"\n",
      "openweather_api_key = \"\"\"\nold\n\"\"\"\nunits = \"celsius\"\n",
      "openweather_api_key = '''\r\nold'''\r\n",
    ]
    for text in texts {
      let path = try file(text)
      defer { clean(path) }
      #expect(throws: ConfigurationError.self) {
        try ConfigFileEditor(path: path).set("openweather_api_key", to: "new")
      }
      #expect(try read(path) == text)
    }
  }

  @Test("A symlinked settings file is edited where it points; the link stays a link")
  func symlinkKept() throws {
    let path = try file("units = \"fahrenheit\"\n")
    defer { clean(path) }
    let link = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("link.toml").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "config.toml")
    try ConfigFileEditor(path: link).set("openweather_api_key", to: "linked-1")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "config.toml")
    #expect(try read(path) == "units = \"fahrenheit\"\nopenweather_api_key = \"linked-1\"\n")
  }

  @Test("A 0600 file reached through a link holding a secret gets no 'readable by others' warning")
  func symlinkNoFalseWarning() throws {
    let path = try file("openweather_api_key = \"secret-1\"\n")
    defer { clean(path) }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let link = path + ".link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    let config = try ConfigFile.read(path: link, required: true)
    #expect(config.values["openweather_api_key"] == "secret-1")
    #expect(!config.exposesSecrets)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    #expect(config.exposesSecrets)
  }

  @Test("A FIFO in place of the settings file is refused at once, not waited on")
  func fifoRefused() throws {
    let path = try file("")
    defer { clean(path) }
    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: ConfigurationError.self) { try ConfigFile.read(path: path, required: false) }
    #expect(throws: ConfigurationError.self) {
      try ConfigFileEditor(path: path).set("openweather_api_key", to: "k")
    }
  }

  static let lines = Gen.oneOf(
    Gen.always("# a comment"), Gen.always(""), Gen.always("units = \"fahrenheit\""),
    Gen.always("currency = \"AUD\"   # mine"), Gen.always("openweather_api_key = \"old-0001\""),
    Gen.always("  ascii = true"), Gen.always("rates_url = \"\"\""), Gen.always("\"\"\""),
    Gen.always("color = false"), Gen.always("units = 'celsius'"))
  static let endings = Gen.oneOf(Gen.always("\n"), Gen.always("\r\n"))

  @Test("property: any mix of lines and endings is edited exactly, or refused and left untouched")
  func anyLinesAndEndings() async throws {
    await propertyCheck(
      count: 300, input: Self.lines.array(of: 0...8), Self.endings.array(of: 8...8), Gen.bool
    ) { lines, endings, lastEnded in
      var text = ""
      for (index, line) in lines.enumerated() {
        let last = index == lines.count - 1
        text += line + (last && !lastEnded ? "" : endings[index])
      }
      guard let path = try? file(text) else { Issue.record("no temporary file"); return }
      defer { clean(path) }
      let before = try? ConfigFile.parse(text, path: path)
      do {
        try ConfigFileEditor(path: path).set("openweather_api_key", to: "new-9999")
        let after = (try? read(path)) ?? ""
        let parsed = try ConfigFile.parse(after, path: path)
        var expected = before?.values ?? [:]
        expected["openweather_api_key"] = "new-9999"
        #expect(parsed.values == expected)
        // Every line but the key's is kept with its ending: the key's line replaced in place,
        // or the whole old text kept as the start of the new one.
        let split = { (text: String) in
          text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        }
        let (old, new) = (split(text), split(after))
        if let index = new.firstIndex(where: { $0.contains("new-9999") }), old.count == new.count {
          var (keptOld, keptNew) = (old, new)
          keptOld.remove(at: index)
          keptNew.remove(at: index)
          #expect(keptOld == keptNew)
          #expect(old[index].hasSuffix("\r") == new[index].hasSuffix("\r"))
        } else {
          #expect(after.hasPrefix(text))
        }
      } catch {
        #expect((try? read(path)) == text)
      }
    }
  }
}
