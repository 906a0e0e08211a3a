import Foundation
import NotesFeature
import WebApp

extension NotesSession: WebPresentable {
  /// The notes screen, under the name its inputs are sent with.
  public func webScreens(for scene: NotesScene) -> [WebScreenSource] {
    [WebScreenSource("notes", notes)]
  }

  /// `notes.js`, which draws the notes state.
  public nonisolated static var pageScript: WebPageScript {
    WebPageScript(name: "notes.js", bundle: .module)
  }
}
