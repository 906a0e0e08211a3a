import Foundation
import ViewModelKit

/// The notes app's one scene.
public enum NotesScene: Equatable, Sendable {
  case notes
}

/// What a head can ask of the notes app: `{"notes": {"add": {"text": "Milk"}}}`.
public enum NotesSessionInput: Codable, Equatable, Sendable {
  case notes(NotesInput)

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .notes(let input): try ScreenAddressedCoding.encode(input, screen: "notes", to: encoder)
    }
  }

  public init(from decoder: any Decoder) throws {
    let (name, container) = try ScreenAddressedCoding.screen(in: decoder)
    guard name == "notes" else { throw ScreenAddressedCoding.unknown(name, in: decoder) }
    self = .notes(
      try container.decode(NotesInput.self, forKey: ScreenAddressedCoding.Key(stringValue: name)))
  }
}

/// The notes app in the shape every app has (`AppSession`), over its one screen model. The
/// notes are kept between runs as the app's remembered choice.
public final class NotesSession: AppSession {
  public let notes: NotesViewModel
  public let coordinator = SceneCoordinator<NotesScene>()
  public let stack: Driver<[SceneEntry<NotesScene>]>
  /// Nothing the notes app does takes time.
  public let isSettled: Driver<Bool>
  public var isBusy: Bool { false }
  public let messages: Signal<ScreenEvent>
  /// Nothing the notes app does can fail.
  public let failures: Signal<String>
  public let lifetime = SessionLifetime()

  public init(scheduler: AnySchedulerOf<DispatchQueue>) {
    notes = NotesViewModel(scheduler: scheduler)
    stack = coordinator.stackDriver(scheduler: scheduler)
    isSettled = Driver.just(true, scheduler: scheduler)
    messages = notes.events
    failures = Empty<String, Never>().asSignal(scheduler: scheduler)
    coordinator.transition(to: .notes, type: .root)
  }

  @discardableResult
  public func send(_ input: NotesSessionInput) -> PendingResult {
    switch input {
    case .notes(let input): notes.send(input).pending
    }
  }

  public var rememberedChoices: [RememberedChoice] {
    let notes = notes
    return [RememberedChoice(Self.notesKey, values: notes.kept) { notes.restore($0) }]
  }

  nonisolated static let notesKey = RememberedChoice.Key("notes.list")
  public nonisolated static var rememberedKeys: [RememberedChoice.Key] { [notesKey] }

  public func setActive(_ active: Bool) { notes.setActive(active) }
  public func shutdown() { lifetime.end() }
}
