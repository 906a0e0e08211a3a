import Foundation
import ViewModelKit

/// Whether the network is reachable: shared by the apps that react to it (checkout's rates,
/// weather's retry when the network returns).
public protocol ConnectivityService {
  /// The current state, then each change, without repeats.
  var isOnline: AnyPublisher<Bool, Never> { get }
}

/// Always online: used with the fixture rates.
public struct AlwaysOnline: ConnectivityService {
  public init() {}
  public var isOnline: AnyPublisher<Bool, Never> { Just(true).eraseToAnyPublisher() }
}

/// Polls the network interfaces every 5 s: online while some non-loopback interface is up
/// and running.
public struct InterfaceConnectivity: ConnectivityService {
  private let scheduler: AnySchedulerOf<DispatchQueue>
  private let probe: @Sendable () -> Bool

  public init(
    scheduler: AnySchedulerOf<DispatchQueue>,
    probe: @escaping @Sendable () -> Bool = Self.hasUpInterface
  ) {
    self.scheduler = scheduler
    self.probe = probe
  }

  public var isOnline: AnyPublisher<Bool, Never> {
    let probe = probe
    return Just(())
      .merge(with: scheduler.timerPublisher(every: .seconds(5)).autoconnect().map { _ in () })
      .map { probe() }
      .removeDuplicates()
      .eraseToAnyPublisher()
  }

  /// Whether a non-loopback interface is up and running now.
  @Sendable public static func hasUpInterface() -> Bool {
    var list: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&list) == 0, let first = list else { return false }
    defer { freeifaddrs(list) }
    var cursor: UnsafeMutablePointer<ifaddrs>? = first
    while let entry = cursor {
      let flags = Int32(entry.pointee.ifa_flags)
      let wanted = Int32(IFF_UP) | Int32(IFF_RUNNING)
      if flags & wanted == wanted, flags & Int32(IFF_LOOPBACK) == 0 { return true }
      cursor = entry.pointee.ifa_next
    }
    return false
  }
}
