import AppInfrastructure
import Foundation
import LoopbackSupport
import Testing
import ViewModelKit

/// Issue 30, item 4: a session falls back to its samples when its first requests find no
/// network, and only then.
@Suite("NetworkFallback: no network, samples")
struct NetworkFallbackTests {
  @Test("no DNS or no route before any answer falls back; a refusal or a timeout does not")
  func whatCounts() {
    for (code, falls) in [
      (URLError.Code.cannotFindHost, true), (.dnsLookupFailed, true),
      (.notConnectedToInternet, true), (.cannotConnectToHost, false), (.timedOut, false),
      (.networkConnectionLost, false),
    ] {
      let fallback = NetworkFallback()
      fallback.note(URLError(code))
      #expect(fallback.isFallingBack == falls, "\(code)")
    }
  }

  @Test("after an answer, no DNS is an ordinary failure; resumeLive decides anew")
  func afterAnAnswer() {
    let fallback = NetworkFallback()
    fallback.noteAnswered()
    fallback.note(URLError(.cannotFindHost))
    #expect(!fallback.isFallingBack)
    fallback.resumeLive()
    fallback.note(URLError(.cannotFindHost))
    #expect(fallback.isFallingBack)
    fallback.resumeLive()
    #expect(!fallback.isFallingBack)
  }

  @Test("the watching client reports what its requests met: a loopback answer, a closed port")
  func watchingClient() async throws {
    let fallback = NetworkFallback()
    let closed = try ClosedPort()
    let client = FallbackWatchingClient(CurlHTTPClient(timeout: 5), fallback: fallback)
    let refused = try await outcome(of: client.get(closed.baseURL, headers: [:]))
    guard case .failure(let error) = refused else {
      Issue.record("a closed port answered")
      return
    }
    #expect(error.code == .cannotConnectToHost && !fallback.isFallingBack)
    let noHost = FallbackWatchingClient(Unresolvable(), fallback: fallback)
    _ = try await outcome(of: noHost.get(closed.baseURL, headers: [:]))
    #expect(fallback.isFallingBack)
  }
}

/// A client whose every request finds no DNS, as on a machine with no network.
struct Unresolvable: HTTPClient, Sendable {
  func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, URLError> {
    Fail(error: URLError(.cannotFindHost)).eraseToAnyPublisher()
  }
}
