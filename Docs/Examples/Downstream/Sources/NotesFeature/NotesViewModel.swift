import Foundation
import ViewModelKit

/// One note: its number (one more than the highest when it was added) and its text.
public struct Note: Codable, Equatable, Sendable {
  public let id: Int
  public let text: String
}

/// What the notes screen shows: the notes, oldest first, and one line about them.
public struct NotesState: Codable, Equatable, Sendable {
  public var notes: [Note]
  /// `No notes yet.`, `1 note`, `3 notes`.
  public var summary: String

  public init(notes: [Note] = [], summary: String = "") {
    (self.notes, self.summary) = (notes, summary)
  }
}

/// What the user can do on the notes screen.
public enum NotesInput: Codable, Equatable, Sendable {
  /// Adds a note of `text` (trimmed); refused when empty, too long, or the list is full.
  case add(text: String)
  /// Removes note `id`; refused when there is none.
  case remove(id: Int)
}

/// The notes screen: a list of short notes, added and removed by number.
@MainActor
public final class NotesViewModel: ScreenModel {
  /// The most characters a note takes.
  public static let longest = 200
  /// The most notes the list holds.
  public static let most = 50

  private let notes = BehaviorRelay<[Note]>(value: [])
  private let announced = PublishRelay<ScreenEvent>()
  public let state: Driver<NotesState>
  public let events: Signal<ScreenEvent>
  public let activation = Activation()

  public init(scheduler: AnySchedulerOf<DispatchQueue>) {
    state = notes.map(Self.state).asDriver(scheduler: scheduler)
    events = announced.asSignal(scheduler: scheduler)
  }

  @discardableResult
  public func send(_ input: NotesInput) -> InputResult {
    switch input {
    case .add(let text):
      let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !text.isEmpty else { return .rejected("A note needs some text") }
      guard text.count <= Self.longest else {
        return .rejected("A note is at most \(Self.longest) characters")
      }
      guard notes.value.count < Self.most else {
        return .rejected("The list holds \(Self.most) notes: remove one first")
      }
      let id = (notes.value.map(\.id).max() ?? 0) + 1
      notes.accept(notes.value + [Note(id: id, text: text)])
      announced.accept(.success("Added note \(id)"))
    case .remove(let id):
      guard notes.value.contains(where: { $0.id == id }) else {
        return .rejected("There is no note \(id)")
      }
      notes.accept(notes.value.filter { $0.id != id })
      announced.accept(.success("Removed note \(id)"))
    }
    return .accepted
  }

  /// The notes as JSON now and after each change (from the source, not the Driver): kept.
  var kept: AnyPublisher<String, Never> {
    notes.map {
      String(decoding: (try? JSONEncoder().encode($0)) ?? Data("[]".utf8), as: UTF8.self)
    }
    .eraseToAnyPublisher()
  }

  /// Puts back notes kept by an earlier run; a kept text that is not a list of valid notes
  /// (hand-edited, or from another version) is ignored whole.
  func restore(_ text: String) {
    guard let restored = try? JSONDecoder().decode([Note].self, from: Data(text.utf8)),
      restored.count <= Self.most, Set(restored.map(\.id)).count == restored.count,
      restored.allSatisfy({ $0.id > 0 && !$0.text.isEmpty && $0.text.count <= Self.longest })
    else { return }
    notes.accept(restored)
  }

  private static func state(_ notes: [Note]) -> NotesState {
    let count = notes.count
    return NotesState(
      notes: notes, summary: count == 0 ? "No notes yet." : count == 1 ? "1 note" : "\(count) notes"
    )
  }
}
