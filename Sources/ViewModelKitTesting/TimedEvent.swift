import Foundation
import ViewModelKit

/// One thing a publisher does at a moment of virtual time: a value, or its end. Test
/// publishers are scripted with these, and recorders report what they saw as these, so a
/// test states a whole stream, completion included, in one comparison.
public enum TimedEvent<Value, Failure: Error> {
  /// A value at `time` seconds.
  case value(TimeInterval, Value)
  /// A normal end at `time` seconds.
  case finished(TimeInterval)
  /// A failure at `time` seconds.
  case failure(TimeInterval, Failure)

  /// When it happens, in seconds of virtual time.
  public var time: TimeInterval {
    switch self {
    case .value(let time, _), .finished(let time), .failure(let time, _): time
    }
  }
}

extension TimedEvent: Equatable where Value: Equatable, Failure: Equatable {}

extension TimedEvent: CustomStringConvertible {
  public var description: String {
    switch self {
    case .value(let time, let value): "value(\(time), \(value))"
    case .finished(let time): "finished(\(time))"
    case .failure(let time, let error): "failure(\(time), \(error))"
    }
  }
}

/// When a test publisher was subscribed to, and when that subscription ended (cancelled, or
/// the script's end delivered), in seconds of virtual time.
public struct SubscriptionLog: Equatable, CustomStringConvertible {
  public let subscribed: TimeInterval
  public var ended: TimeInterval?

  public init(_ subscribed: TimeInterval, _ ended: TimeInterval? = nil) {
    self.subscribed = subscribed
    self.ended = ended
  }

  public var description: String { "(\(subscribed), \(ended.map { "\($0)" } ?? "open"))" }
}
