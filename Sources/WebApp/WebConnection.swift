import Foundation
import ViewModelKit

/// One browser tab's session (issue 40, item 3): made when the tab's socket opens, ended when
/// it closes. Inputs come up as the session's input values; the stack's states, the answers and
/// the app's messages go down, each as one JSON text (`ServerMessage`). Public so that another
/// transport (or `bench web`) can carry the same protocol.
@MainActor
public final class WebConnection {
  /// The most a message from a page may hold: an input is a few hundred bytes; a pasted text
  /// of 64 KiB is already far beyond any field's limit.
  static let messageLimit = 65_536

  private let app: String
  private let session: any WebPresentable
  private let send: @Sendable (String) -> Void
  private var subscriptions = Set<AnyCancellable>()
  private var answers: [Int: AnyCancellable] = [:]
  private var nextAnswer = 0
  /// A screen's state as last sent, with its wire form (the next state of that screen is sent
  /// as what changed) and the encoder that keeps its rows.
  private struct Sent {
    var state: WebStateValue
    var tree: JSONTree
    let encoder: JSONTreeEncoder
  }

  /// The states last sent, by place in the stack and name.
  private var sent: [String: Sent] = [:]

  /// A connection for `session` of the app named `app`, writing each message with `send`.
  public init(
    app: String, session: any WebPresentable, send: @escaping @Sendable (String) -> Void
  ) {
    self.app = app
    self.session = session
    self.send = send
    session.webFrames().combineLatest(session.isSettled)
      .sink { [weak self] frame, settled in self?.sendFrame(frame, settled: settled) }
      .store(in: &subscriptions)
    session.messages.sink { [weak self] event in self?.write(.message(event)) }
      .store(in: &subscriptions)
    session.setActive(true)
  }

  /// One text from the page: decoded as the session's input and sent; anything else answers
  /// an error, and the session goes on.
  public func receive(_ text: String) {
    guard text.utf8.count <= Self.messageLimit else {
      return write(.error("A message may hold at most \(Self.messageLimit) bytes."))
    }
    handle(Data(text.utf8), in: session)
  }

  /// A binary message: the protocol is JSON text only.
  public func receiveBinary() { write(.error("Messages are JSON text, not binary.")) }

  /// The tab closed: the session writes what is pending and stops.
  public func close() {
    subscriptions.removeAll()
    answers.removeAll()
    session.setActive(false)
    session.shutdown()
  }

  private func handle<Session: WebPresentable>(_ data: Data, in session: Session) {
    let message: ClientMessage<Session.Input>
    do {
      message = try WireFormat.decoder().decode(ClientMessage<Session.Input>.self, from: data)
    } catch {
      return write(.error("Not an input of \(app): \(Self.reason(error))"))
    }
    if let active = message.active { session.setActive(active) }
    guard let input = message.input else { return }
    let id = message.id
    let key = nextAnswer
    nextAnswer += 1
    var answered = false
    let waiting = session.send(input).first().sink { [weak self] answer in
      answered = true
      self?.answers[key] = nil
      self?.write(.answer(id: id, rejected: answer.message))
    }
    // An answer that came at once needs no keeping; a later one is kept until it comes.
    if !answered { answers[key] = waiting }
  }

  private func sendFrame(_ frame: [(name: String, state: WebStateValue)], settled: Bool) {
    var screens: [WebScreen] = []
    var shown: [String: Sent] = [:]
    do {
      for (index, (name, state)) in frame.enumerated() {
        let key = "\(index) \(name)"
        if let last = sent[key], last.state.isSame(state.value) {
          screens.append(WebScreen(name: name, content: .same))
          shown[key] = last
          continue
        }
        let encoder = sent[key]?.encoder ?? JSONTreeEncoder()
        let tree = try encoder.tree(of: state.value)
        shown[key] = Sent(state: state, tree: tree, encoder: encoder)
        guard let last = sent[key] else {
          screens.append(WebScreen(name: name, content: .state(tree)))
          continue
        }
        let change = JSONPatch.from(last.tree, to: tree)
        screens.append(WebScreen(name: name, content: change.map { .patch($0) } ?? .same))
      }
    } catch {
      return write(.error("A state could not be encoded."))
    }
    sent = shown
    write(.state(app: app, screens: screens, settled: settled))
  }

  private func write(_ message: ServerMessage) {
    do {
      send(try WireFormat.text(message))
    } catch {
      send(#"{"type":"error","text":"A state could not be encoded."}"#)
    }
  }

  /// A decoding error in a line a person can read.
  static func reason(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .dataCorrupted(let context)?: return context.debugDescription
    case .keyNotFound(let key, _)?: return "\(key.stringValue) is missing"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return "\(path): \(context.debugDescription)"
    default: return "\(error)"
    }
  }
}
