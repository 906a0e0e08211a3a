import Foundation
import Testing

/// Issue 42, item 6, through the real binary: `--color always` colours an error and a list's
/// rows even into a pipe; `auto` (the default) does not colour a pipe; `NO_COLOR` means never
/// unless the flag says otherwise; `--json` never colours.
@Suite("End to end: colour with meaning in the CLI")
struct ColorEndToEndTests {
  static let escape = "\u{1B}["

  @Test("issue 42: --color always colours; auto, NO_COLOR and --json do not")
  func colours() async throws {
    let base = ["todo", "--ephemeral"]
    let always = try await Executables.run("cli", base + ["toggle", "42", "--color", "always"])
    #expect(always.status == 1)
    #expect(always.stderr == "\u{1B}[31merror: no task #42\u{1B}[0m\n")
    let plain = try await Executables.run("cli", base + ["toggle", "42"])
    #expect(plain.stderr == "error: no task #42\n")
    let listed = try await Executables.run(
      "cli", base + ["list", "--color", "always"], environment: ["NO_COLOR": "1"])
    // The fixture's done tasks are dim; its due tasks have no due date, so no colour.
    #expect(listed.stdout.contains("\u{1B}[2m  #2 [x] "))
    #expect(listed.stdout.contains("\n  #1 [ ] Water the basil\n"))
    let never = try await Executables.run(
      "cli", base + ["list"], environment: ["NO_COLOR": "1"])
    #expect(!never.stdout.contains(Self.escape))
    let json = try await Executables.run("cli", base + ["--json", "list", "--color", "always"])
    #expect(!json.stdout.contains(Self.escape) && json.status == 0)
  }
}
