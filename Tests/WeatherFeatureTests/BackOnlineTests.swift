import AppInfrastructure
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting
import WeatherFeature

/// A connectivity service the test switches, counting who listens.
final class SwitchedConnectivity: ConnectivityService {
  let online = CurrentValueSubject<Bool, Never>(true)
  private(set) var listeners = 0

  var isOnline: AnyPublisher<Bool, Never> {
    online.removeDuplicates()
      .handleEvents(
        receiveSubscription: { [unowned self] _ in listeners += 1 },
        receiveCompletion: { [unowned self] _ in listeners -= 1 },
        receiveCancel: { [unowned self] in listeners -= 1 }
      )
      .eraseToAnyPublisher()
  }
}

@Suite("Weather: a retry when the network returns (WW-07)")
@MainActor
struct BackOnlineTests {
  /// A search for Paris whose four attempts all fail with `network` (at t = 0, 1, 3, 6).
  func failedSearch(_ connectivity: SwitchedConnectivity) -> WeatherHarness {
    let h = WeatherHarness(connectivity: connectivity)
    h.service.replies = Array(repeating: .fail(.network), count: 4)
    h.search("Paris")
    connectivity.online.send(false)
    h.at(6)
    return h
  }

  @Test("WW-07 after the last network failure: the fallback, then one more run when it returns")
  func retriesOnceOnline() {
    let connectivity = SwitchedConnectivity()
    let h = failedSearch(connectivity)
    #expect(h.service.calls.count == 4)
    #expect(h.cityName.last == "No data")
    #expect(h.isSettled.last == true)  // the wait is not work: the CLI goes on
    #expect(connectivity.listeners == 1)
    h.service.defaultReply = .answer(weather("Paris"))
    h.at(20)
    #expect(h.service.calls.count == 4)  // still offline: nothing
    connectivity.online.send(true)
    h.scheduler.settle()
    #expect(h.toast.values.suffix(1) == ["Back online: retrying"])
    #expect(h.service.calls.count == 5 && h.service.calls[4].query == .city("Paris"))
    #expect(h.cityName.last == "Paris")
    #expect(connectivity.listeners == 0)
  }

  @Test("WW-07 the second run does not wait again; a later return of the network does nothing")
  func onlyOnce() {
    let connectivity = SwitchedConnectivity()
    let h = failedSearch(connectivity)
    h.service.defaultReply = .fail(.network)
    connectivity.online.send(true)
    h.at(30)
    #expect(h.service.calls.count == 8)
    connectivity.online.send(false)
    connectivity.online.send(true)
    h.at(60)
    #expect(h.service.calls.count == 8)
    #expect(h.toast.values.filter { $0 == "Back online: retrying" }.count == 1)
  }

  @Test("WW-07 a newer query cancels the wait")
  func newerQueryCancels() {
    let connectivity = SwitchedConnectivity()
    let h = failedSearch(connectivity)
    h.service.defaultReply = .answer(weather("Rome"))
    h.search("Rome")
    h.scheduler.settle()
    #expect(connectivity.listeners == 0)
    connectivity.online.send(true)
    h.at(30)
    #expect(h.service.calls.map(\.query).last == .city("Rome") && h.service.calls.count == 5)
    #expect(!h.toast.values.contains("Back online: retrying"))
  }

  @Test("WW-07 only a network failure waits: a server error or a missing city does not")
  func otherFailuresDoNotWait() {
    let connectivity = SwitchedConnectivity()
    let h = WeatherHarness(connectivity: connectivity)
    h.service.replies = Array(repeating: .fail(.server(status: 503)), count: 4)
    h.search("Paris")
    h.at(6)
    h.service.defaultReply = .fail(.cityNotFound)
    h.search("Atlantis")
    h.at(12)
    #expect(connectivity.listeners == 0)
    connectivity.online.send(false)
    connectivity.online.send(true)
    h.at(20)
    #expect(h.service.calls.count == 5)
  }

  @Test("WW-07 still online as the failure saw it: it waits for the network to go and come back")
  func seenOnline() {
    let connectivity = SwitchedConnectivity()
    let h = WeatherHarness(connectivity: connectivity)
    h.service.replies = Array(repeating: .fail(.network), count: 4)
    h.search("Paris")
    h.at(10)
    connectivity.online.send(true)
    h.at(11)
    #expect(h.service.calls.count == 4)
    connectivity.online.send(false)
    connectivity.online.send(true)
    h.scheduler.settle()
    #expect(h.service.calls.count == 5)
  }
}
