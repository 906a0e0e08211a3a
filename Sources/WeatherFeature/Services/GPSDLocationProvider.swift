import Foundation
import ViewModelKit

/// The device's position from gpsd: each subscription opens a session over TCP (port 2947 by
/// default), asks for JSON reports with `?WATCH={"enable":true,"json":true}` and passes on each
/// `TPV` report that has a fix (`mode` 2 or 3), its accuracy the larger of `epx` and `epy` in
/// metres (gpsd's `eph` when it gives neither). The view model keeps its rules: the first fix
/// under 100 m within 10 s. A refused or unresolvable address, a peer that does not greet as
/// gpsd, a line over 64 KiB or a broken connection fail with `unavailable`; gpsd closing the
/// session ends the stream. Cancelling closes the socket within 0.2 s.
public struct GPSDLocationProvider: LocationProvider {
  /// Where gpsd listens.
  public let address: GPSDAddress

  public init(address: GPSDAddress) { self.address = address }

  public func fixes() -> AnyPublisher<LocationFix, LocationError> {
    let address = address
    return Deferred { () -> AnyPublisher<LocationFix, LocationError> in
      // Recorded for this one subscriber: a location query keeps it 10 s at most.
      let fixes = Replayed<LocationFix, LocationError>()
      let connection = GPSDConnection(address: address)
      // A thread of its own: the session blocks in poll(2) for as long as it lasts, which
      // must not take one of Dispatch's shared threads.
      Thread.detachNewThread {
        let failure = connection.run { fixes.send($0) }
        fixes.send(completion: failure.map { .failure($0) } ?? .finished)
      }
      return fixes.handleEvents(receiveCancel: { connection.stop() }).eraseToAnyPublisher()
    }
    .eraseToAnyPublisher()
  }
}
