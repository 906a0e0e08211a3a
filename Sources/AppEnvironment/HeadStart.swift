import AppInfrastructure
import ArgumentParser
import Foundation

/// What a head that shows every app (`tui`, `web`) does before it shows anything, written once:
/// makes the registry the process's, keeps the standard descriptors open and its files private,
/// answers `--version` and `--help`, takes the apps' own flags off the command line and parses
/// the head's own, refuses a wrong registry, and resolves the settings (printing their
/// warnings). A refusal is `error: …` on standard error and exit status 1; a flag's names the
/// head's help.
public struct HeadStart<Options: ParsableArguments> {
  /// The head's own flags.
  public let options: Options
  /// The apps' own flags, for their sessions.
  public let appFlags: AppFlagValues
  /// The settings in force.
  public var configuration: AppConfiguration

  /// Starts the head `name` on `arguments` (the command line without the program's name) over
  /// `registry`; `shared` names the head's shared flags, `help` writes its `--help`.
  @MainActor
  public init(
    _ name: String, arguments: [String], registry: AppRegistry,
    shared: KeyPath<Options, SharedOptions>, help: () -> String
  ) {
    AppRegistry.use(registry)
    StandardDescriptors.ensureOpen()
    PrivateFile.restrictProcess()  // every file the app makes is the user's alone
    if arguments.contains("--version") {
      print("\(name) \(HeadlessVersion.current)")
      exit(0)
    }
    let split: AppFlagSplit
    do {
      split = try AppFlagSplit(arguments, apps: registry.apps)
    } catch {
      Self.badFlags(error.message, head: name)
    }
    do {
      options = try Options.parse(split.rest)
    } catch {
      if Options.exitCode(for: error) == .success {  // --help, -h
        print(help(), terminator: "")
        exit(0)
      }
      Self.badFlags(Options.message(for: error), head: name)
    }
    appFlags = split.values
    if let problem = registry.problem { Self.fail("the app registry is wrong: \(problem)") }
    do {
      configuration = try AppConfiguration.resolve(options: options[keyPath: shared])
    } catch {
      Self.fail(error.message)
    }
    configuration.warnings.forEach(Self.warn)
  }

  /// A bad flag: its first line, and where to read about the flags; exit 1.
  public static func badFlags(_ message: String, head: String) -> Never {
    let line = message.split(separator: "\n").first.map(String.init) ?? "bad flags"
    FileHandle.standardError.write(Data("error: \(line)\nsee '\(head) --help'\n".utf8))
    exit(1)
  }

  /// `error: <message>` on standard error; exit 1.
  public static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
  }

  /// `warning: <message>` on standard error.
  public static func warn(_ message: String) {
    FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
  }
}
