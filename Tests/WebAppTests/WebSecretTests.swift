import AppEnvironment
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import WebApp

/// A password typed into the account form goes up the socket and never comes down (issue 40,
/// item 4): the account's state holds only its length and status.
@Suite("Web: a password is never sent back down")
@MainActor
struct WebSecretTests {
  @Test("typing a password and its confirmation, creating the account: no message holds it")
  func passwordStaysUp() throws {
    let scheduler = DispatchQueue.test
    let configuration = try AppConfiguration.resolve(
      options: try SharedOptions.parse(["--offline", "--ephemeral"]),
      environment: ["HOME": "/nonexistent", "HEADLESS_NOW": "2025-01-15T14:03:00Z"])
    let app = try #require(AppRegistry.standard.app(named: "checkout"))
    let session = try #require(
      try app.makeSession(configuration, AppFlagValues(), scheduler.asAny) as? any WebPresentable)
    let sent = Locked<[String]>([])
    let connection = WebConnection(app: "checkout", session: session) { text in
      sent.withLock { $0.append(text) }
    }
    let secret = "Correct-Horse-42"
    for input in [
      #"{"input": {"account": {"open": {}}}}"#,
      #"{"input": {"account": {"setUsername": {"text": "ada_1999"}}}}"#,
      #"{"input": {"account": {"setEmail": {"text": "ada@example.com"}}}}"#,
      #"{"input": {"account": {"setPassword": {"text": "\#(secret)"}}}}"#,
      #"{"input": {"account": {"setConfirmation": {"text": "\#(secret)"}}}}"#,
      #"{"input": {"account": {"create": {}}}}"#,
    ] {
      connection.receive(input)
      scheduler.advance(by: .seconds(3))
    }
    let texts = sent.withLock { $0 }
    #expect(texts.contains { $0.contains(#""passwordLength""#) })
    #expect(!texts.contains { $0.contains(secret) })
    connection.close()
  }
}
