import Foundation
import ViewModelKit

/// A screen state as the web head holds it: the value to encode, and whether another value is
/// the same state (so an unchanged screen is not sent again).
public struct WebStateValue: Sendable {
  /// The state, encoded with `WireFormat` when it is sent.
  public let value: any Encodable & Sendable
  /// Whether `other` is this same state.
  let isSame: @Sendable (any Encodable & Sendable) -> Bool

  public init<State: Encodable & Equatable & Sendable>(_ state: State) {
    value = state
    isSame = { ($0 as? State) == state }
  }
}

/// The screen a scene shows, as the web head reads it: the name its inputs are sent under (the
/// session input's key, `tasks`) and its states.
public struct WebScreenSource {
  /// The screen's name: the key of the session input that addresses it.
  public let name: String
  /// The screen's state, now and after each change.
  public let states: AnyPublisher<WebStateValue, Never>

  /// The screen `model` shows under `name`.
  @MainActor public init<Model: ScreenModel>(_ name: String, _ model: Model)
  where Model.State: Sendable {
    self.name = name
    states = model.state.map(WebStateValue.init).eraseToAnyPublisher()
  }
}

/// The script that draws an app's screens on its page (`todo.js`): the name it is served under
/// (`/static/<name>`) and where its text is, in the bundle of the module that declares it.
public struct WebPageScript: Sendable {
  /// The file's name, unique among the page's scripts.
  public let name: String
  /// Where the file is; nil when the bundle lacks it (the server answers 500 for it).
  public let url: URL?

  /// `name`, looked up in `bundle` (under `Resources/`, or at its top).
  public init(name: String, bundle: Bundle) {
    self.name = name
    url =
      bundle.url(forResource: name, withExtension: nil, subdirectory: "Resources")
      ?? bundle.url(forResource: name, withExtension: nil)
  }

  /// A script of this module's own (the four apps' pages).
  static func bundled(_ name: String) -> WebPageScript {
    WebPageScript(name: name, bundle: .module)
  }
}

/// What the web head needs of an app beyond `AppSession`: for each scene of its stack, the
/// screens it shows, and the script that draws them. Each app's web folder conforms its
/// session; the head does the rest the same way for every app (issue 40), and reads the
/// scripts from the registry's apps (issue 53, item 5).
@MainActor
public protocol WebPresentable: AppSession {
  /// The screens behind `scene` (checkout's checkout scene shows the order form under it).
  func webScreens(for scene: Scene) -> [WebScreenSource]
  /// The script that draws this app's screens, loaded by every page of the server.
  nonisolated static var pageScript: WebPageScript { get }
}

extension WebPresentable {
  /// The stack's screens, bottom first, with their names, each time the stack or a state
  /// changes.
  func webFrames() -> AnyPublisher<[(name: String, state: WebStateValue)], Never> {
    stack.map {
      [weak self] entries -> AnyPublisher<[(name: String, state: WebStateValue)], Never> in
      guard let self else { return Empty().eraseToAnyPublisher() }
      let sources = entries.flatMap { self.webScreens(for: $0.scene) }
      var combined = Just([(name: String, state: WebStateValue)]()).eraseToAnyPublisher()
      for source in sources {
        let name = source.name
        combined = combined.combineLatest(source.states) { list, state in
          list + [(name: name, state: state)]
        }
        .eraseToAnyPublisher()
      }
      return combined
    }
    .switchToLatest()
    .eraseToAnyPublisher()
  }
}
