import TweetsFeature
import ViewModelKit

/// The tweets app on the web: the timelines (the list's and a person's, whose inputs are both
/// addressed as `timeline`) and the people screen.
extension TweetsSession: WebPresentable {
  public nonisolated static var pageScript: WebPageScript { .bundled("tweets.js") }

  public func webScreens(for scene: Scene) -> [WebScreenSource] {
    switch scene {
    case .listTimeline(let timeline): [WebScreenSource("timeline", timeline)]
    case .listPeople(let people): [WebScreenSource("people", people)]
    case .personTimeline(let timeline): [WebScreenSource("timeline", timeline)]
    case .thread(let thread): [WebScreenSource("timeline", thread)]
    }
  }
}
