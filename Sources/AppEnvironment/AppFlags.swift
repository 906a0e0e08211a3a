import ArgumentParser
import Foundation

/// An app's own start-up flags (weather's `--location`, checkout's `--catalog`), declared once
/// by the app as argument-parser arguments and carried by its registry entry: every head takes
/// them off its command line (`AppFlagSplit`), lists them in its help, and hands the parsed
/// value to the app's session. No head names another app's flag.
///
/// Every flag is optional: the flags parse from no words at all (`AppRegistry.problem` checks),
/// which is the value an app gets when none is given. A value made with `init()` alone has no
/// property parsed and traps when one is read (argument-parser's rule).
public protocol AppFlags: ParsableArguments, Sendable {}

/// The flags of an app that has none.
public struct NoFlags: AppFlags {
  public init() {}
}

/// Each app's parsed flags, by type: what the heads hand to `RegisteredApp.makeSession`.
public struct AppFlagValues: Sendable {
  private var values: [ObjectIdentifier: any AppFlags] = [:]

  /// No flags given: every app gets its flags' defaults.
  public init() {}

  /// `values`, each the parsed flags of the app whose type it is.
  public init(_ values: [any AppFlags]) {
    for value in values { self.values[ObjectIdentifier(type(of: value))] = value }
  }

  /// The flags of type `Flags`, or their defaults when none were given (parsed from no words,
  /// which a registry's flags always parse from: `AppRegistry.problem`).
  public func of<Flags: AppFlags>(_ type: Flags.Type) -> Flags {
    if let given = values[ObjectIdentifier(type)] as? Flags { return given }
    // No flags: nothing to parse (argument-parser's reflection is a cost of every start).
    if let none = NoFlags() as? Flags { return none }
    do {
      return try Flags.parse([])
    } catch {
      preconditionFailure(
        "\(Flags.self) does not parse from no flags: \(Flags.message(for: error))")
    }
  }
}

/// A command line with the registered apps' own flags taken out: each app's flags parsed by
/// its own type, which app each flag given belongs to, and the words left for the head.
public struct AppFlagSplit: Sendable {
  /// The parsed flags of every app.
  public let values: AppFlagValues
  /// Each app flag given (`--catalog`), with the names of the apps that take it.
  public let given: [(flag: String, apps: [String])]
  /// The words that are no app's flag, in order (`--` and what follows it included).
  public let rest: [String]

  /// Takes the flags of `apps` out of `words` (the flags before `--`; a flag's value is the
  /// next word, whatever it starts with, or follows `=`), or the reason they do not parse: a
  /// value missing or not taken (argument-parser's message, from the app's flags type).
  public init(_ words: [String], apps: [RegisteredApp]) throws(ConfigurationError) {
    var taken: [ObjectIdentifier: [String]] = [:]
    var given: [(flag: String, apps: [String])] = []
    var rest: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word != "--" else {
        rest += words[index...]
        break
      }
      var width = 0
      var owners: [String] = []
      for app in apps where app.flags != NoFlags.self {
        guard let taking = try Self.width(of: app.flags, in: words, at: index) else { continue }
        width = taking
        owners.append(app.name)
        taken[ObjectIdentifier(app.flags), default: []] += words[index..<(index + taking)]
      }
      if owners.isEmpty {
        rest.append(word)
        index += 1
      } else {
        given.append((String(word.prefix { $0 != "=" }), owners))
        index += width
      }
    }
    var values: [any AppFlags] = []
    for app in apps where taken[ObjectIdentifier(app.flags)] != nil {
      do {
        values.append(try app.flags.parse(taken[ObjectIdentifier(app.flags)] ?? []))
      } catch {
        throw .invalidValue(app.flags.message(for: error))
      }
    }
    self.values = AppFlagValues(values)
    self.given = given.reduce(into: []) { kept, flag in
      if !kept.contains(where: { $0.flag == flag.flag }) { kept.append(flag) }
    }
    self.rest = rest
  }

  /// How many words `flags` takes at `index` (1, or 2 with its value); nil when the word is
  /// not one of its flags. A flag that needs a value with none after it is an error.
  private static func width(of flags: any AppFlags.Type, in words: [String], at index: Int)
    throws(ConfigurationError) -> Int?
  {
    let word = words[index]
    guard word.hasPrefix("--"), word.count > 2, word != "--help" else { return nil }
    let alone: Result<any ParsableArguments, any Error> = Result { try flags.parse([word]) }
    guard case .failure(let error) = alone else { return 1 }
    let message = flags.message(for: error)
    guard message.hasPrefix("Missing value for") else { return nil }  // not one of its flags
    guard index + 1 < words.count else { throw .invalidValue(message) }
    return 2
  }

  /// The words of `flags`'s help entries (`--location <location>  Weather: …`), for a head's
  /// help: argument-parser's own, at `columns`, without its `--help` entry.
  public static func helpEntries(of flags: any AppFlags.Type, columns: Int?) -> [String] {
    let lines = flags.helpMessage(columns: columns).split(
      separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("OPTIONS:") }) else { return [] }
    var entries: [String] = []
    var dropping = false
    for line in lines[(start + 1)...] {
      let trimmed = line.drop { $0 == " " }
      if line.count - trimmed.count == 2 { dropping = trimmed.hasPrefix("-h, --help") }
      if !dropping, !line.isEmpty { entries.append(String(line)) }
    }
    return entries
  }
}
