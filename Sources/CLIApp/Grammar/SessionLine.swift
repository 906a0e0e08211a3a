import AppEnvironment
import ArgumentParser

/// A line of a session, parsed with the same grammar as the command line: `toggle 5` is the
/// `toggle` command `cli todo toggle 5` runs.
public enum SessionLine {
  /// A command to run.
  case command(any AppCommand)
  /// `help`, or `help <command>` / `<command> --help` (the command's own help text).
  case help(String?)
  /// A blank line.
  case blank

  /// Parses `line` with `grammar`. A command that takes text (`AppCommand.verbatimAfter`) gets
  /// the rest of its line as typed, so `add Don't -- panic` keeps its quote and dashes; other
  /// lines are split into words as a shell does. The command line's flags are not taken here:
  /// they are given once, for the whole session.
  public static func parse(
    _ line: String, grammar: any AppGrammar.Type
  ) -> Result<SessionLine, CLIRefusal> {
    let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    guard let first else { return .success(.blank) }
    if first == "help" {
      guard let name = LineTokenizer.rest(of: line).split(separator: " ").first else {
        return .success(.help(nil))
      }
      guard let type = grammar.command(named: String(name)) else {
        return .failure(CLIRefusal("unknown command '\(name)'; type help"))
      }
      return .success(.help(grammar.helpMessage(for: type, columns: HelpWidth.columns)))
    }
    guard let type = grammar.command(named: first) else {
      return .failure(CLIRefusal("unknown command '\(first)'; type help"))
    }
    let words: [String]
    if let count = type.verbatimAfter {
      words = [first] + verbatim(LineTokenizer.rest(of: line), after: count)
    } else {
      do {
        words = try LineTokenizer.words(line)
      } catch {
        return .failure(CLIRefusal(error.message))
      }
    }
    let ended = words.contains("--")
    let flags = (words.firstIndex(of: "--").map { words[..<$0] } ?? words[...]).dropFirst()
      .filter { $0.count > 1 && $0.hasPrefix("-") && !isNegativeNumber($0) }
    if flags.contains("--help") || flags.contains("-h") {
      return .success(.help(grammar.helpMessage(for: type, columns: HelpWidth.columns)))
    }
    if let flag = flags.first {
      return .failure(
        CLIRefusal("'\(flag)' is not an argument of \(first); flags go on the command line"))
    }
    do {
      // No flags are left, so what follows the command word is all arguments: `-1` is a
      // quantity for the view model to judge, not an option.
      // The command is parsed alone, not through the app's whole grammar: the word already
      // names it, and building every command's arguments for each line (argument-parser checks
      // the whole tree again in debug builds) made a line cost milliseconds.
      let arguments = ended ? Array(words.dropFirst()) : ["--"] + words.dropFirst()
      return .success(.command(try type.parse(arguments)))
    } catch {
      var message = type.message(for: error).split(separator: "\n").first.map(String.init)
      if message?.hasSuffix(".") == true { message?.removeLast() }
      return .failure(CLIRefusal("\(message ?? "bad arguments"); usage: \(type.synopsis)"))
    }
  }

  /// `-1`, `-2.5`: a number, not a flag.
  private static func isNegativeNumber(_ word: String) -> Bool {
    word.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
  }

  /// `count` words of `rest`, then (when anything is left) `--` and the rest as typed.
  private static func verbatim(_ rest: String, after count: Int) -> [String] {
    var words: [String] = []
    var remaining = Substring(rest)
    for _ in 0..<count {
      remaining = remaining.drop { $0 == " " || $0 == "\t" }
      guard !remaining.isEmpty else { break }
      let end = remaining.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? remaining.endIndex
      words.append(String(remaining[..<end]))
      remaining = end == remaining.endIndex ? "" : remaining[remaining.index(after: end)...]
    }
    return remaining.allSatisfy { $0 == " " || $0 == "\t" }
      ? words : words + ["--", String(remaining)]
  }
}

/// A command refused by the CLI itself (bad words or arguments), with its message.
public struct CLIRefusal: Error {
  /// What was wrong, for `error: …`.
  public let message: String
  init(_ message: String) { self.message = message }
}
