import ArgumentParser

/// A command that takes text, run from the command line, gets its text as typed even when a
/// word starts with a dash: `cli todo add "-ship it"` adds `-ship it` (as `task add` does),
/// where argument-parser alone would read `-s -h -i -p` and print the help. The command
/// line's own flags (`--ephemeral`, `--data-dir DIR`) are still flags wherever they stand;
/// `-h` and `--help` still ask for help; `--` still ends the flags.
enum CommandLineText {
  /// `words` (what follows the app's name) with the flags after a text command's word moved
  /// before its text, and `--` between, when a word of its text starts with a dash.
  static func arranged(_ words: [String], grammar: any AppGrammar.Type) -> [String] {
    if let dashes = words.firstIndex(of: "--") {
      // A text command's `--` belongs to its text too (`add -- project:x`: every word after it
      // is title, TaskWords): one `--` ends the flags, the other is kept in the text.
      let command = words[..<dashes].lazy.compactMap { grammar.command(named: $0) }.first
      guard command?.verbatimAfter != nil else { return words }
      return Array(words[..<dashes]) + ["--"] + words[dashes...]
    }
    // Text can only follow a text command's word: with no dash after any such word there is
    // nothing to arrange, and no flag need be parsed to find the command (parsing one with
    // argument-parser reflects the options, a third of `cli todo add`'s start).
    guard
      let firstText = words.firstIndex(where: {
        grammar.command(named: $0)?.verbatimAfter != nil
      }),
      words[(firstText + 1)...].contains(where: { $0.hasPrefix("-") })
    else { return words }
    var index = 0
    while index < words.count, let width = flagWidth(words, at: index) { index += width }
    guard index < words.count, let command = grammar.command(named: words[index]),
      command.verbatimAfter != nil
    else { return words }
    var flags: [String] = []
    var text: [String] = []
    var position = index + 1
    while position < words.count {
      let word = words[position]
      if word == "-h" || word == "--help" { return words }
      if let width = flagWidth(words, at: position) {
        flags += words[position..<(position + width)]
        position += width
      } else {
        text.append(word)
        position += 1
      }
    }
    guard text.contains(where: { $0.hasPrefix("-") }) else { return words }
    return Array(words[...index]) + flags + ["--"] + text
  }

  /// How many words the command line's flag at `index` takes (1, or 2 with its value); nil
  /// when the word is not one of its flags.
  private static func flagWidth(_ words: [String], at index: Int) -> Int? {
    let word = words[index]
    guard word.hasPrefix("-"), word != "-", word != "--", word != "-h", word != "--help" else {
      return nil
    }
    if (try? CLIOptions.parse([word])) != nil { return 1 }
    if index + 1 < words.count, (try? CLIOptions.parse([word, words[index + 1]])) != nil {
      return 2
    }
    return nil
  }

  /// What is wrong with the command line's own flags (issue 51, item 5), wherever they stand:
  /// a flag that takes a value with none after it (`add Buy milk --data-dir`), or with a value
  /// it does not take (`list --color sometimes`). Nil when they are fine. Words after `--`
  /// are text; a negative number is a value, never a flag.
  static func flagProblem(_ words: [String]) -> String? {
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" { return nil }
      guard word.hasPrefix("--"), word != "--help", !word.contains("=") else { continue }
      let alone: Result<CLIOptions, any Error> = Result { try CLIOptions.parse([word]) }
      guard case .failure(let error) = alone else { continue }
      let message = CLIOptions.message(for: error)
      // Not one of the command line's own flags (a command's own option, or unknown): the
      // grammar says what is wrong with it.
      guard message.hasPrefix("Missing value for") else { continue }
      guard index < words.count else { return message }
      do {
        // A value that starts with a dash is the flag's when the flag takes it
        // (`--location -85,2`).
        _ = try CLIOptions.parse([word, words[index]])
      } catch {
        return isFlag(words[index]) ? message : CLIOptions.message(for: error)
      }
      index += 1
    }
    return nil
  }

  /// Whether `word` reads as a flag rather than a value: a dash, then not a number.
  static func isFlag(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-" && Double(word) == nil
  }
}
