import AppEnvironment
import ViewModelKit

/// A session the TUI can show: each app's TUI folder conforms its session to this, so the TUI
/// finds an app's screen through the registry's session, never by a `switch` on its name.
@MainActor
public protocol TUIPresentable: AnyObject {
  /// The screen over this session; `redraw` asks for a frame.
  func makeScreen(scheduler: AnySchedulerOf<DispatchQueue>, redraw: @escaping () -> Void)
    -> any AppScreen
}
