import Foundation
import TweetsFeature
import ViewModelKit

/// Builds the tweets app: a Bluesky list when `BLUESKY_LIST` (or `bluesky_list`) names one,
/// keyless; else the Twitter list `TWITTER_LIST_ID` with its bearer token; else, and with
/// `--offline`, the fixtures. The store is `<data dir>/tweets.sqlite`, or in memory with
/// `--ephemeral`.
public enum TweetsComposition {
  @MainActor public static func session(
    _ configuration: AppConfiguration, scheduler: AnySchedulerOf<DispatchQueue>
  ) throws(ConfigurationError) -> TweetsSession {
    let now = configuration.clock.now
    let account: any TwitterAccountService
    let api: any TwitterAPI
    let list: ListIdentifier
    if !configuration.offline, let text = configuration.variable("BLUESKY_LIST") {
      guard let reference = BlueskyListReference(text) else {
        throw .appCannotStart(
          "BLUESKY_LIST must be an at://…/app.bsky.graph.list/… URI or a "
            + "https://bsky.app/profile/<handle>/lists/<key> address")
      }
      let bluesky = BlueskyListAPI(
        appView: try configuration.webAddress("BLUESKY_APPVIEW_URL", root: true)
          ?? BlueskyListAPI.defaultAppView,
        list: reference, now: now)
      list = ListIdentifier(id: bluesky.listID, owner: reference.owner, slug: reference.recordKey)
      account = PublicAccount()
      api = bluesky
    } else if !configuration.offline, let idText = configuration.variable("TWITTER_LIST_ID") {
      guard let id = TwitterID(idText.trimmingCharacters(in: .whitespaces)) else {
        throw .appCannotStart("TWITTER_LIST_ID is not a valid list id")
      }
      let base =
        try configuration.webAddress("TWITTER_BASE_URL", root: true)
        ?? URLSessionTwitterAPI.defaultBaseURL
      list = listIdentifier(id: id, name: configuration.variable("TWITTER_LIST_NAME"))
      account = EnvironmentAccount(token: configuration.variable("TWITTER_BEARER_TOKEN"))
      api = URLSessionTwitterAPI(baseURL: base, now: now)
    } else {
      let fixtures = FixtureTwitterAPI()
      do {
        list = try fixtures.list()
      } catch {
        throw .appCannotStart("cannot read the tweets fixture list.json")
      }
      account = FixtureAccount()
      api = fixtures
    }
    let store: any TweetStore =
      configuration.ephemeral
      ? GRDBTweetStore()
      : GRDBTweetStore(url: configuration.dataDirectory.file("tweets.sqlite"))
    var env = TweetsEnvironment(
      account: account, api: api, store: store, scheduler: scheduler, now: now,
      timeZone: TimeZone.current, trace: configuration.trace)
    env.servesSamples = api is FixtureTwitterAPI
    // Unseen until the front end shows the app (the TUI's tab, the CLI's session).
    return TweetsSession(list: list, env: env)
  }

  /// `owner/slug` from `TWITTER_LIST_NAME` (a leading `@` ignored), else `list/<id>`.
  static func listIdentifier(id: TwitterID, name: String?) -> ListIdentifier {
    var text = (name ?? "").trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("@") { text.removeFirst() }
    let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      return ListIdentifier(id: id, owner: "list", slug: id.description)
    }
    return ListIdentifier(id: id, owner: parts[0], slug: parts[1])
  }
}
