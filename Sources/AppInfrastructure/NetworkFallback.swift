import Foundation
import ViewModelKit

/// Whether a session's live services could reach the network at all, shared by the session's
/// clients: until a live request has been answered, a request that finds no network (no DNS,
/// no route to the host) switches the session to the bundled samples,
/// and `resumeLive()` (a refresh, a retry) switches it back. Once a request has been answered,
/// a later failure is an ordinary one (retried, cached), not a reason to show samples.
public final class NetworkFallback: Sendable {
  private struct State {
    var reached = false
    var fellBack = false
  }
  private let state = Locked(State())
  private let relay = BehaviorRelay(value: false)

  public init() {}

  /// True while the session shows samples for want of a network.
  public var isFallingBack: Bool { state.withLock { $0.fellBack } }

  /// `isFallingBack` now and after each change, on whichever thread changed it.
  public var changes: AnyPublisher<Bool, Never> { relay.removeDuplicates().eraseToAnyPublisher() }

  /// A transport failure: one that says there is no network switches to the samples, unless
  /// a request has been answered since the session (or the last `resumeLive`) began.
  public func note(_ error: URLError) {
    guard Self.meansNoNetwork(error) else { return }
    change { if !$0.reached { $0.fellBack = true } }
  }

  /// A request was answered (any status): the network is there.
  public func noteAnswered() {
    change {
      $0.reached = true
      $0.fellBack = false
    }
  }

  /// Tries the live services again: the next request goes out, and decides anew.
  public func resumeLive() {
    change {
      $0.reached = false
      $0.fellBack = false
    }
  }

  /// Looks `host` up in the background, as a session starts: a name that does not resolve
  /// means no network, and the session says so before its first request. An address, or a
  /// name that resolves, decides nothing.
  public func probe(host: String) {
    Thread.detachNewThread { [self] in
      var hints = addrinfo()
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
      var found: UnsafeMutablePointer<addrinfo>?
      let status = getaddrinfo(host, nil, &hints, &found)
      if let found { freeaddrinfo(found) }
      if status == EAI_NONAME || status == EAI_AGAIN || status == EAI_FAIL {
        note(URLError(.cannotFindHost))
      }
    }
  }

  /// Changes the state and tells `changes` under the lock, so two changes on two threads are
  /// told in the order they were made (a subscriber hops to its own scheduler; one that
  /// called back in here synchronously would wait for itself).
  private func change(_ update: (inout State) -> Void) {
    state.withLock { state in
      update(&state)
      relay.accept(state.fellBack)
    }
  }

  /// The failures that mean the network is not there at all, rather than a server failing: no
  /// name resolution, no route. A host that refuses the connection was reached; that is a
  /// failure of its own, retried as any other.
  public static func meansNoNetwork(_ error: URLError) -> Bool {
    [.cannotFindHost, .dnsLookupFailed, .notConnectedToInternet].contains(error.code)
  }
}

/// An `HTTPClient` that tells a `NetworkFallback` how each of its requests went.
public struct FallbackWatchingClient: HTTPClient, Sendable {
  private let inner: any HTTPClient & Sendable
  private let fallback: NetworkFallback

  public init(_ inner: any HTTPClient & Sendable, fallback: NetworkFallback) {
    self.inner = inner
    self.fallback = fallback
  }

  public func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
    let fallback = fallback
    return inner.send(request)
      .handleEvents(
        receiveOutput: { _ in fallback.noteAnswered() },
        receiveCompletion: { completion in
          if case .failure(let error) = completion { fallback.note(error) }
        }
      )
      .eraseToAnyPublisher()
  }
}
