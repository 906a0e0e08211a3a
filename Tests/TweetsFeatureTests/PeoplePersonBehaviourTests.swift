import Foundation
import Testing
import TweetsFeature
import ViewModelKit

let members = (1...8).map { n in
  User(
    id: TwitterID(rawValue: 1_600_000_000_000_000_100 + Int64(n)),
    name: [
      "Ada Quill", "Ben Porter", "Cira Nakamura", "Dmitri Kovač", "Elif Aydın", "Fern Oyelaran",
      "Gus Halvorsen", "Quinn Alder",
    ][n - 1],
    username: [
      "adaquill", "bporter_dev", "cira_codes", "dmitri_k", "elif_streams", "fern_ops",
      "gus_relay", "quietquinn",
    ][n - 1])
}

@Suite("Tweets: list people")
@MainActor
struct PeopleBehaviourTests {
  @Test("TW-50 loading, then eight people")
  func tw50() {
    let h = TweetsHarness()
    h.api.memberDefault = .answer(UsersPage(users: members), after: 2)
    let people = h.people()
    #expect(people.state.last == .loading && people.message.last == "Loading...")
    #expect(people.people.last == [] && people.isLoading.last == true)
    h.at(2)
    #expect(people.people.last?.count == 8 && people.message.last == "")
  }

  @Test("TW-51 one call per token")
  func tw51() {
    let h = TweetsHarness()
    let people = h.people()
    h.at(10)
    h.account.relay.accept(.authorized(token: "t1"))
    h.at(20)
    #expect(h.api.calls.map(\.endpoint) == ["members"] && h.api.calls[0].token == "t1")
    _ = people
  }

  @Test("TW-52 a new token cancels and fetches again")
  func tw52() {
    let h = TweetsHarness()
    h.api.memberDefault = .answer(UsersPage(users: members), after: 2)
    let people = h.people()
    h.at(1)
    h.account.relay.accept(.authorized(token: "t2"))
    h.at(5)
    #expect(h.api.cancellations == [1] && h.api.calls.map(\.token) == ["t1", "t2"])
    _ = people
  }

  @Test("TW-53 pages are followed; loading until the last; ten at most")
  func tw53() {
    let h = TweetsHarness()
    h.api.memberReplies = [
      .answer(UsersPage(users: Array(members[0..<4]), nextToken: "m2"), after: 1),
      .answer(UsersPage(users: Array(members[4...])), after: 1),
    ]
    let people = h.people()
    h.at(1)
    #expect(people.state.last == .loading && people.people.last == [])
    h.at(2)
    #expect(people.people.last?.map(\.username) == members.map(\.username))
    #expect(h.api.pages("members") == [nil, .older(token: "m2")])
    let many = TweetsHarness()
    many.api.memberDefault = .answer(UsersPage(users: [members[0]], nextToken: "more"))
    let all = many.people()
    #expect(many.api.calls.count == 10 && all.people.last?.count == 1)
  }

  @Test("TW-54 a user on two pages is kept once, first")
  func tw54() {
    let h = TweetsHarness()
    h.api.memberReplies = [
      .answer(UsersPage(users: [members[0], members[1]], nextToken: "m2")),
      .answer(UsersPage(users: [members[1], members[2]])),
    ]
    let people = h.people()
    #expect(people.people.last?.map(\.username) == ["adaquill", "bporter_dev", "cira_codes"])
  }

  @Test("TW-55 no members")
  func tw55() {
    let h = TweetsHarness()
    let people = h.people()
    #expect(people.state.last == .loaded([]) && people.message.last == "This list has no members.")
  }

  @Test("TW-56 a failure, and retry from the first page")
  func tw56() {
    let h = TweetsHarness()
    h.api.memberReplies = [.fail(.server(status: 500))]
    h.api.memberDefault = .answer(UsersPage(users: members))
    let people = h.people()
    let message = "Twitter is unavailable right now (HTTP 500)."
    #expect(people.state.last == .failed(message) && people.message.last == message)
    h.at(10)
    people.model.retry()
    h.scheduler.settle()
    #expect(people.state.values.suffix(2) == [.loading, .loaded(members.map(PersonRow.init))])
    people.model.retry()
    #expect(h.api.calls.count == 2)
    let second = TweetsHarness()
    second.api.memberReplies = [
      .answer(UsersPage(users: [members[0]], nextToken: "m2")), .fail(.server(status: 500)),
    ]
    second.api.memberDefault = .answer(UsersPage(users: members))
    let other = second.people()
    other.model.retry()
    second.scheduler.settle()
    #expect(second.api.pages("members") == [nil, .older(token: "m2"), nil])
  }

  @Test("TW-57 unauthorized fails visibly; authorizing fetches")
  func tw57() {
    let h = TweetsHarness(account: FakeAccount(.unavailable))
    let people = h.people()
    #expect(people.state.last == .failed("Twitter access not authorized.") && h.api.calls.isEmpty)
    h.at(5)
    h.account.relay.accept(.authorized(token: "t1"))
    h.scheduler.settle()
    #expect(people.state.values.contains(.loading) && h.api.times("members") == [5])
  }

  @Test("TW-58 about and display")
  func tw58() {
    let user = User(
      id: ada.id, name: "", username: "adaquill", description: "  Streams\n\nand  schedulers ")
    #expect(PersonRow(user).about == "Streams and schedulers")
    #expect(PersonRow(user).display == "adaquill @adaquill")
  }

  @Test("TW-59 select asks the navigator; out of range is refused")
  func tw59() {
    let h = TweetsHarness()
    h.api.memberDefault = .answer(UsersPage(users: members))
    let people = h.people()
    #expect(people.model.select(at: 2) == .accepted)
    #expect(h.navigator.log.map(\.0) == ["person cira_codes"])
    #expect(people.model.select(at: 8) == .rejected("No person #9."))
    #expect(people.model.select(at: -1) == .rejected("No person #0."))
    #expect(h.navigator.log.count == 1)
  }
}

@Suite("Tweets: person timeline")
@MainActor
struct PersonBehaviourTests {
  @Test("TW-60 loading, then the person's rows")
  func tw60() {
    let h = TweetsHarness()
    h.api.lookupDefault = .answer(ada, after: 1)
    h.api.userDefault = .answer(page([1, 3, 2]), after: 1)
    let person = h.person()
    #expect(person.title.last == "Loading...")
    h.at(2)
    #expect(
      person.title.last == "@adaquill" && person.tweets.last?.map(\.id) == [id(3), id(2), id(1)])
  }

  @Test("TW-61 an empty first batch is None found, until tweets come")
  func tw61() {
    let h = TweetsHarness()
    h.api.userReplies = [.answer(TimelinePage()), .answer(page([1]))]
    let person = h.person()
    #expect(person.title.last == "None found")
    h.at(30)
    #expect(person.title.last == "@adaquill")
  }

  @Test("TW-62 no such user: no timeline calls, ever")
  func tw62() {
    let h = TweetsHarness()
    h.api.lookupDefault = .fail(.notFound)
    let person = h.person("nosuchuser")
    h.at(90)
    #expect(person.title.last == "None found")
    #expect(person.error.values == ["No user named @nosuchuser."])
    #expect(h.api.calls.map(\.endpoint) == ["lookup:nosuchuser"])
  }

  @Test("TW-63 a failed lookup is retried on the next tick")
  func tw63() {
    let h = TweetsHarness()
    h.api.lookupReplies = [.fail(.server(status: 500))]
    let person = h.person()
    #expect(person.title.last == "Loading..." && person.error.values.count == 1)
    h.at(30)
    #expect(h.api.times("lookup:adaquill") == [0, 30])
  }

  @Test("TW-64 the username is trimmed; the title is the API's spelling")
  func tw64() {
    let h = TweetsHarness()
    h.api.userDefault = .answer(page([1]))
    let person = h.person(" @AdaQuill ")
    #expect(h.api.lookups == ["lookup:AdaQuill"] && person.title.last == "@adaquill")
  }

  @Test("TW-65 invalid usernames", arguments: ["", "@", "ada quill", "🌊", "sixteen_chars_xx"])
  func tw65(name: String) {
    let h = TweetsHarness()
    let person = h.person(name)
    h.at(60)
    #expect(person.title.last == "None found" && person.error.values == ["Not a valid username."])
    #expect(h.api.calls.isEmpty)
  }

  @Test("TW-66 batches merge by id; the newer copy wins")
  func tw66() {
    let h = TweetsHarness()
    h.api.userReplies = [
      .answer(page([1, 2, 3])),
      .answer(TimelinePage(tweets: [tweet(3, "new"), tweet(4)], users: [ada])),
    ]
    let person = h.person()
    h.at(30)
    #expect(person.tweets.last?.map(\.id) == [id(4), id(3), id(2), id(1)])
    #expect(person.tweets.last?[1].text == "new")
  }

  @Test("TW-67 errors keep what is shown; repeated polls keep the count")
  func tw67() {
    let h = TweetsHarness()
    h.api.userReplies = [.answer(page([1, 2])), .fail(.server(status: 500))]
    h.api.userDefault = .answer(page([1, 2]))
    let person = h.person()
    h.at(30)
    #expect(person.tweets.last?.count == 2 && person.title.last == "@adaquill")
    h.at(30 * 1000)
    #expect(person.tweets.last?.count == 2)
  }

  @Test("TW-68 older pages use the first page's token; duplicates dropped")
  func tw68() {
    let h = TweetsHarness()
    h.api.userReplies = [.answer(page([5, 6], next: "o1")), .answer(page([4, 5]))]
    let person = h.person()
    #expect(person.model.loadOlder() == .accepted)
    h.scheduler.settle()
    #expect(h.api.pages("user").last == .older(token: "o1"))
    #expect(person.tweets.last?.map(\.id) == [id(6), id(5), id(4)])
  }

  @Test("TW-69 pause is shared")
  func tw69() {
    let h = TweetsHarness()
    let list = h.listTimeline()
    let person = h.person()
    person.model.setPaused(true)
    h.scheduler.settle()
    #expect(list.status.last?.hasPrefix("Paused") == true)
  }

  @Test("TW-29 person polls: .first, then .newer from the largest id; since never goes down")
  func tw29() {
    let h = TweetsHarness()
    h.api.userReplies = [
      .answer(page([5, 9], next: "o1")), .answer(TimelinePage()), .answer(page([1])),
    ]
    let person = h.person()
    h.at(30)
    person.model.loadOlder()
    h.at(60)
    h.at(90)
    #expect(
      h.api.pages("user") == [
        .first, .newer(since: id(9)), .older(token: "o1"), .newer(since: id(9)),
        .newer(since: id(9)),
      ])
    _ = person
  }

  @Test("TW-103 newer pages are followed, merged together, at most five")
  func tw103() {
    let h = TweetsHarness()
    h.api.userReplies = [
      .answer(page([9])), .answer(page([10, 11], next: "n2")), .answer(page([12])),
    ]
    let person = h.person()
    defer { withExtendedLifetime(person) {} }
    h.at(30)
    #expect(
      h.api.pages("user") == [.first, .newer(since: id(9)), .newerPage(since: id(9), token: "n2")])
    h.at(60)
    #expect(h.api.pages("user").last == .newer(since: id(12)))
    let failing = TweetsHarness()
    failing.api.userReplies = [
      .answer(page([9])), .answer(page([10], next: "n2")), .fail(.server(status: 500)),
    ]
    let other = failing.person()
    failing.at(60)
    #expect(other.error.values == ["Twitter is unavailable right now (HTTP 500)."])
    #expect(failing.api.pages("user").last == .newer(since: id(9)))
    #expect(other.tweets.last?.map(\.id) == [id(9)])
    // Every page has 100 tweets of its own and a next token: the poll stops after five.
    func hundred(_ page: Int64) -> APIReply<TimelinePage> {
      .answer(
        TimelinePage(
          tweets: (0..<100).map { tweet(1000 + page * 100 + $0) }, users: [ada],
          nextToken: "more\(page)"))
    }
    let full = TweetsHarness()
    full.api.userReplies = [.answer(page([1]))] + (0..<6).map(hundred)
    let five = full.person()
    full.at(30)
    #expect(full.api.pages("user").count == 6 && five.tweets.last?.count == 501)
    #expect(Set(five.tweets.last?.map(\.id) ?? []).count == 501)
  }
}
