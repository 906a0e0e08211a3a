import ArgumentParser

/// A word from a fixed set, any case: its values are listed in help and offered by the shell
/// completion scripts, and any other word is refused by the grammar before the app starts.
public protocol ArgumentWord: RawRepresentable, CaseIterable, ExpressibleByArgument, Sendable
where RawValue == String {}

extension ArgumentWord {
  public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// `active`'s word.
public enum OnOff: String, ArgumentWord {
  case on, off
}

/// `zoom`'s word.
public enum ZoomWord: String, ArgumentWord {
  case `in`, out
}

/// A task's number as typed: `5` or `#5`, ASCII digits only, at least 1.
public struct TaskNumber: ExpressibleByArgument, Sendable, CustomStringConvertible {
  /// The task's uid.
  public let uid: Int64

  public init?(argument: String) {
    let digits = argument.hasPrefix("#") ? argument.dropFirst() : Substring(argument)
    guard let number = CLIOrdinal.parse(digits) else { return nil }
    uid = Int64(number)
  }

  public var description: String { "#\(uid)" }
}
