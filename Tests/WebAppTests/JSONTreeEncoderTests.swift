import AppEnvironment
import Foundation
import Testing
import ViewModelKit
import ViewModelKitTesting

@testable import WebApp

/// The web head encodes states into trees itself, keeping unchanged rows (issue 40, item 6).
/// Its trees must be the wire form's: the same as `WireFormat.encoder()`'s text read back, for
/// every screen of every app, also when rows come from the cache of an earlier state.
@Suite("Web: a state's tree is its wire form")
@MainActor
struct JSONTreeEncoderTests {
  let scheduler = DispatchQueue.test

  func session(_ name: String) throws -> any WebPresentable {
    let configuration = try AppConfiguration.resolve(
      options: try SharedOptions.parse(["--offline", "--ephemeral"]),
      environment: ["HOME": "/nonexistent", "HEADLESS_NOW": "2025-01-15T14:03:00Z"])
    let app = try #require(AppRegistry.standard.app(named: name))
    let session = try app.makeSession(configuration, AppFlagValues(), scheduler.asAny)
    return try #require(session as? any WebPresentable)
  }

  /// Sends each input (as the page does) and checks every frame's trees along the way.
  func check(_ name: String, inputs: [String]) throws {
    let session = try session(name)
    var encoders: [String: JSONTreeEncoder] = [:]
    var checked = 0
    var mismatches: [String] = []
    let frames = session.webFrames().sink { frame in
      for (index, screen) in frame.enumerated() {
        let key = "\(index) \(screen.name)"
        let encoder = encoders[key] ?? JSONTreeEncoder()
        encoders[key] = encoder
        guard let mine = try? encoder.tree(of: screen.state.value),
          let wire = try? JSONTree(encoding: screen.state.value)
        else { return mismatches.append("\(screen.name): not encoded") }
        if mine != wire {
          mismatches.append(
            "\(screen.name): \((try? WireFormat.text(JSONPatch.from(wire, to: mine))) ?? "")"
              .prefix(600)
              .description)
        }
        checked += 1
      }
    }
    scheduler.settle()
    for input in inputs {
      let connection = WebConnection(app: name, session: session) { _ in }
      connection.receive(input)
      scheduler.advance(by: .seconds(5))
    }
    frames.cancel()
    #expect(mismatches.isEmpty, "\(mismatches)")
    #expect(checked > inputs.count)
  }

  @Test("todo: the list, a change, the editor")
  func todo() throws {
    try check(
      "todo",
      inputs: [
        #"{"input": {"tasks": {"quickAdd": {"title": "Milk é 🌊"}}}}"#,
        #"{"input": {"tasks": {"create": {}}}}"#,
      ])
  }

  @Test("weather: a search, the map")
  func weather() throws {
    try check(
      "weather",
      inputs: [
        #"{"input": {"weather": {"show": {"place": "London"}}}}"#,
        #"{"input": {"weather": {"setMapVisible": {"_0": true}}}}"#,
      ])
  }

  @Test("checkout: the catalog, the cart, the picker, the account")
  func checkout() throws {
    try check(
      "checkout",
      inputs: [
        #"{"input": {"catalog": {"add": {"id": "peas", "quantity": 2}}}}"#,
        #"{"input": {"catalog": {"checkout": {}}}}"#,
        #"{"input": {"checkout": {"openCurrencyPicker": {}}}}"#,
        #"{"input": {"account": {"open": {}}}}"#,
      ])
  }

  @Test("tweets: the timeline, the people")
  func tweets() throws {
    try check(
      "tweets",
      inputs: [
        #"{"input": {"timeline": {"refresh": {}}}}"#,
        #"{"input": {"timeline": {"openPeople": {}}}}"#,
      ])
  }

  @Test("a row equal to the last one is the kept tree; the others are forgotten")
  func keepsRows() throws {
    struct Row: Identifiable, Equatable, Encodable {
      var id: Int
      var title: String
      var at: Date
    }
    let encoder = JSONTreeEncoder()
    let first = (0..<100).map {
      Row(id: $0, title: "row \($0)", at: Date(timeIntervalSince1970: 0))
    }
    #expect(try encoder.tree(of: first) == JSONTree(encoding: first))
    var second = Array(first.prefix(50))
    second[7].title = "changed"
    #expect(try encoder.tree(of: second) == JSONTree(encoding: second))
    #expect(encoder.keptRows == 50)
  }
}
