import Foundation
import ViewModelKit

/// What a head can ask of the tweets app as a whole rather than of one screen (issue 53):
/// `{"app": {"setLayout": {"layout": "split"}}}`, `{"app": {"logOut": {}}}`. Being input
/// values, they replay and reach every head, the page's socket included.
public enum TweetsAppInput: Codable, Equatable, Sendable {
  /// Stack (one scene at a time) or split (the people beside the top timeline).
  case setLayout(layout: Layout)
  /// Forgets the access token for this session: fetching stops everywhere.
  case logOut
  /// Counts the next `seconds` (1 to `TweetsTiming.longestWait`) as pending work, so a head
  /// that waits until the app is settled sees the polls that fall due meanwhile.
  case letTimePass(seconds: Double)
  /// Ends every span `letTimePass` is counting (Ctrl-C during the CLI's `wait`).
  case stopWaiting
}

extension TweetsSession {
  /// The refusal of a `letTimePass` outside 1 s to the longest wait.
  public static var timeToPassRefusal: String {
    "Time to let pass is 1 to \(Int(TweetsTiming.longestWait)) seconds."
  }

  /// Carries out an app-wide input; every one is answered at once.
  func send(app input: TweetsAppInput) -> InputResult {
    switch input {
    case .setLayout(let layout): navigator.setLayout(layout)
    case .logOut: navigator.logOut()
    case .letTimePass(let seconds):
      guard seconds >= 1, seconds <= TweetsTiming.longestWait else {
        return .rejected(Self.timeToPassRefusal)
      }
      navigator.letTimePass(seconds)
    case .stopWaiting: navigator.stopWaiting()
    }
    return .accepted
  }
}
