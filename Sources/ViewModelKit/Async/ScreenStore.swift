import Observation

/// A screen model for Observation-based UIs (SwiftUI on Apple platforms): its state as one
/// `@Observable` property, kept from the model's `state` Driver, with the model at hand for
/// its inputs.
///
/// ```swift
/// @State var store = ScreenStore(checkout, initial: .empty)
/// var body: some View {
///   Text(store.state.total)
///   Button("Change currency") { store.model.openCurrencyPicker() }
/// }
/// ```
///
/// Only a state that differs from the one held is written, so an unchanged state fires no
/// observation. The store lives on the main actor with its model, and the state is written
/// where the Driver delivers it: on the UI scheduler, which serves that actor.
@MainActor
@Observable
public final class ScreenStore<Model: ScreenModel> {
  /// The screen's state as last delivered.
  public private(set) var state: Model.State
  /// The screen model: call its inputs here (`store.model.submit()`).
  @ObservationIgnored public let model: Model
  @ObservationIgnored private var subscription: AnyCancellable?

  /// A store of `model`'s state, holding `initial` until the Driver's first value (which a
  /// Driver on the UI scheduler delivers at once on the main thread).
  public init(_ model: Model, initial: Model.State) {
    self.model = model
    state = initial
    subscription = model.state.drive { [weak self] next in self?.update(next) }
  }

  private func update(_ next: Model.State) {
    if next != state { state = next }
  }
}
