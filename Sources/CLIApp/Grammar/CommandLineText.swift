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
    guard !words.contains("--") else { return words }
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
}
