import Foundation
import Testing

/// Issue 38, item 1: no secret at rest; every file the apps make is the user's alone; a
/// history or trace path that is not a regular file is skipped with a warning.
@Suite("End to end: secrets and file modes", .timeLimit(.minutes(9)))
struct SecurityEndToEndTests {
  /// Every file below `folder` with its permission bits, by path relative to it.
  static func modes(below folder: URL) throws -> [String: Int] {
    var found: [String: Int] = [:]
    let files = FileManager.default
    for relative in try files.subpathsOfDirectory(atPath: folder.path) {
      let attributes = try files.attributesOfItem(
        atPath: folder.appendingPathComponent(relative).path)
      found[relative] = (attributes[.posixPermissions] as? Int) ?? -1
    }
    return found
  }

  @Test(
    "under umask 022, in a data folder that exists with 0755, every store, log and cache is 0600 and every folder 0700"
  )
  func fileModes() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path)
    let cli = Executables.url("cli").path
    for command in [
      "todo add 'Pay rent'", "checkout add peas 2", "weather now London",
      "weather units f", "checkout currency EUR", "tweets timeline",
    ] {
      let output = try await Executables.runProgram(
        "/bin/sh", ["-c", "umask 022; exec \"$0\" \(command) --data-dir '\(data.path)'", cli])
      #expect(output.status == 0, "\(command): \(output.stderr)")
    }
    let modes = try Self.modes(below: data)
    #expect(modes.keys.contains("todo.sqlite") && modes.keys.contains("checkout.sqlite"))
    #expect(modes.keys.contains("choices.sqlite"))
    for (path, mode) in modes {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: data.appendingPathComponent(path).path, isDirectory: &isFolder)
      #expect(mode == (isFolder.boolValue ? 0o700 : 0o600), "\(path) is \(String(mode, radix: 8))")
    }
  }

  @Test("a password or a key typed at the prompt reaches no history; other lines do, appended")
  func noSecretInHistory() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let cli = Executables.url("cli").path
    try await TmuxSession.with { session in
      try await session.start(
        "env LANG=C.UTF-8 TERM=xterm-256color HEADLESS_OFFLINE=1 '\(cli)' checkout --data-dir '\(data.path)'"
      )
      for line in ["account", "password hunter2-secret", "confirm hunter2-secret", "cart"] {
        #expect(
          try await eventually {
            try await session.pane().split(separator: "\n").last == "checkout>"
          })
        try await session.keys(line, "Enter")
      }
      // Ctrl-D once the prompt is back (in cooked mode between prompts it would be lost).
      #expect(
        try await eventually {
          let lines = try await session.pane().split(separator: "\n")
          return lines.contains { $0.contains("Total") } && lines.last == "checkout>"
        })
      try await session.keys("C-d")
      #expect(await eventually { !(await session.isRunning) })
    }
    let history = try String(
      contentsOf: data.appendingPathComponent("history-checkout"), encoding: .utf8)
    #expect(history == "account\ncart\n")
    #expect(try Self.modes(below: data)["history-checkout"] == 0o600)
  }

  @Test(
    "a history file that is a link, or a FIFO, is left alone: a warning, and the prompt still answers"
  )
  func historyNotARegularFile() async throws {
    for kind in ["link", "fifo"] {
      let data = try Executables.scratch()
      defer { try? FileManager.default.removeItem(at: data) }
      let target = data.appendingPathComponent("precious")
      try Data("keep me\n".utf8).write(to: target)
      let history = data.appendingPathComponent("history-todo").path
      if kind == "link" {
        try FileManager.default.createSymbolicLink(
          atPath: history, withDestinationPath: target.path)
      } else {
        #expect(mkfifo(history, 0o600) == 0)
      }
      let status = data.appendingPathComponent("status").path
      let cli = Executables.url("cli").path
      try await TmuxSession.with { session in
        try await session.start(
          "env LANG=C.UTF-8 TERM=xterm-256color sh -c '\"$0\" todo --data-dir \"$1\"; echo $? > \(status)' '\(cli)' '\(data.path)'"
        )
        #expect(
          try await eventually {
            let pane = try await session.pane()
            return pane.contains("warning: history is not kept")
              && pane.split(separator: "\n").last == "todo>"
          }, "\(kind)")
        try await session.keys("stats", "Enter")
        #expect(
          try await eventually {
            let lines = try await session.pane().split(separator: "\n")
            return lines.contains { $0.hasPrefix("statistics:") } && lines.last == "todo>"
          })
        try await session.keys("C-d")
        #expect(
          await eventually { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" },
          "\(kind): the session ended with status 0")
      }
      #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
    }
  }

  @Test("HEADLESS_TRACE naming a FIFO is not opened: a warning, and the command answers")
  func traceFIFO() async throws {
    let data = try Executables.scratch()
    defer { try? FileManager.default.removeItem(at: data) }
    let fifo = data.appendingPathComponent("trace").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let output = try await Executables.run(
      "cli", ["todo", "--ephemeral", "stats"], environment: ["HEADLESS_TRACE": fifo],
    )
    #expect(output.status == 0)
    #expect(
      output.stderr.contains(
        "warning: HEADLESS_TRACE is not written: \(fifo) is not a regular file"))
  }
}
