import Observation

/// A screen model for Observation-based UIs (SwiftUI on Apple platforms): its state as one
/// `@Observable` property, kept from the model's `state` Driver, with the model at hand for
/// its inputs.
///
/// ```swift
/// @State var store = ScreenStore(checkout, initial: .empty)
/// var body: some View {
///   Text(store.state.total)
///   Button("Change currency") { store.send(.openCurrencyPicker) }
/// }
/// ```
///
/// Only a state that differs from the one held is written, so an unchanged state fires no
/// observation. The store lives on the main actor with its model, and the state is written
/// where the Driver delivers it: on the UI scheduler, which serves that actor.
///
/// Written out rather than with `@Observable`: the macro names the property by a key path
/// literal at every read and write, and for a generic class the run time builds that key path
/// anew each time (about 4 µs a change). The store builds it once.
@MainActor
public final class ScreenStore<Model: ScreenModel>: Observable {
  /// The screen's state as last delivered.
  public var state: Model.State {
    registrar.access(self, keyPath: stateKey)
    return current
  }
  /// The screen model, for what `send(_:)` does not cover (its events, its activation).
  public let model: Model
  private var current: Model.State
  private let registrar = ObservationRegistrar()
  private let stateKey: KeyPath<ScreenStore, Model.State> = \.state
  private var subscription: AnyCancellable?

  /// A store of `model`'s state, holding `initial` until the Driver's first value (which a
  /// Driver on the UI scheduler delivers at once on the main thread).
  public init(_ model: Model, initial: Model.State) {
    self.model = model
    current = initial
    subscription = model.state.drive { [weak self] next in self?.update(next) }
  }

  /// Sends `input` to the model: `store.send(.submit)`.
  @discardableResult
  public func send(_ input: Model.Input) -> Model.Answer { model.send(input) }

  private func update(_ next: Model.State) {
    guard next != current else { return }
    registrar.withMutation(of: self, keyPath: stateKey) { current = next }
  }
}
