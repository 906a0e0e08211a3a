import Foundation
import ViewModelKit

/// What a page sends up the socket, one JSON object per message: an input for the app's
/// session (`{"id": 3, "input": {"tasks": {"quickAdd": {"title": "Milk"}}}}`), whether the
/// tab is seen (`{"active": false}`, from the Page Visibility API), or both.
struct ClientMessage<Input: Decodable>: Decodable {
  /// The page's number for the input, echoed in its answer.
  var id: Int?
  /// The session input: a screen's name and that screen's input value.
  var input: Input?
  /// Whether the tab is seen.
  var active: Bool?
}

/// One screen of the stack as the page receives it: its name (the key its inputs are sent
/// under) and its state in the wire format the first time, then what changed (`JSONPatch`),
/// or `"same": true` when nothing did.
struct WebScreen: Encodable {
  /// How the screen's state comes down.
  enum Content {
    /// The whole state.
    case state(JSONTree)
    /// What changed since the state last sent for this screen.
    case patch(JSONTree)
    /// Nothing changed.
    case same
  }

  var name: String
  var content: Content

  private enum CodingKeys: String, CodingKey { case name, state, patch, same }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    switch content {
    case .state(let tree): try container.encode(tree, forKey: .state)
    case .patch(let tree): try container.encode(tree, forKey: .patch)
    case .same: try container.encode(true, forKey: .same)
    }
  }
}

/// What the server sends down the socket, one JSON object per message (Docs/Web.md):
///
/// - `state`: the stack's screens, bottom first, and whether the app is settled; after a
///   screen's first state, what changed in it (`"patch"`), or `"same": true`;
/// - `answer`: the answer to the input of that `id` (`accepted`, or `rejected` with its text);
/// - `message`: a line the app announces, for the page's live region, with its `severity`
///   (`info`, `success`, `warning`, `failure`), which the page shows in that meaning's colour;
/// - `error`: a message the server could not take, and why; the session goes on.
enum ServerMessage: Encodable {
  case state(app: String, screens: [WebScreen], settled: Bool)
  case answer(id: Int?, rejected: String?)
  case message(ScreenEvent)
  case error(String)

  private enum CodingKeys: String, CodingKey {
    case type, app, screens, settled, id, rejected, text, severity
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .state(let app, let screens, let settled):
      try container.encode("state", forKey: .type)
      try container.encode(app, forKey: .app)
      try container.encode(settled, forKey: .settled)
      try container.encode(screens, forKey: .screens)
    case .answer(let id, let rejected):
      try container.encode("answer", forKey: .type)
      try container.encodeIfPresent(id, forKey: .id)
      try container.encodeIfPresent(rejected, forKey: .rejected)
    case .message(let event):
      try container.encode("message", forKey: .type)
      try container.encode(event.message, forKey: .text)
      try container.encode(event.severity, forKey: .severity)
    case .error(let text):
      try container.encode("error", forKey: .type)
      try container.encode(text, forKey: .text)
    }
  }
}
