import ArgumentParser

/// `cli tweets`: the tweets app's grammar.
public struct TweetsGrammar: AppGrammar {
  public static let configuration = grammar(
    "tweets",
    commands: [
      Timeline.self, People.self, Open.self, Back.self, Older.self, Refresh.self, Retry.self,
      Pause.self, Resume.self, Logout.self, Wait.self, Link.self, Thread.self,
    ])
  @OptionGroup public var options: CLIOptions
  public init() {}
}

extension TweetsGrammar {
  struct Timeline: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "timeline", abstract: "show the list's timeline")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      cli.onTop(.showList, .showList)
      return cli.showingScreen()
    }
  }

  struct People: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "people", abstract: "show the list's members")
    /// The members request alone: not the timeline's polls, which may stall longer.
    static let settlesOnItsOwn = true
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      // On the people screen already, nothing to do.
      if cli.scenes.last?.people == nil { cli.scenes.last?.timeline?.send(.openPeople) }
      var outcome = cli.showingScreen()
      outcome.settling = cli.peopleWork()
      return outcome
    }
  }

  struct Open: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "open",
      abstract: "open a member's timeline (#n: the n-th person on the people screen)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "A username, or #n.") var person: String
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome { cli.open(person) }
  }

  struct Back: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "back", abstract: "go back one screen")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      cli.onTop(.back, .back)
      return CommandOutcome()
    }
  }

  struct Older: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "older", abstract: "show older tweets")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      cli.onTimeline(.loadOlder)
    }
  }

  struct Refresh: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "refresh", abstract: "fetch now")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    /// Starts the fetch; in a session the next line does not wait for it (a stalled poll
    /// would hold `people` behind it), `timeline` does.
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      var outcome = cli.onTimeline(.refresh)
      outcome.holdsSession = false
      return outcome
    }
  }

  struct Retry: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "retry",
      abstract: "fetch the members again after a failure")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome { cli.retry() }
  }

  struct Pause: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "pause", abstract: "stop fetching")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      cli.onTop(.setPaused(true), .setPaused(true))
      return CommandOutcome()
    }
  }

  struct Resume: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "resume", abstract: "fetch again")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      cli.onTop(.setPaused(false), .setPaused(false))
      return CommandOutcome()
    }
  }

  struct Logout: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "logout",
      abstract: "forget the access token for this session")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome {
      cli.onApp(.logOut)
    }
  }

  struct Wait: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "wait",
      abstract: "let time pass (1 to 60 s); polls print as they settle")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "Seconds, 1 to 60.") var seconds: String
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome { cli.wait(seconds) }
  }

  struct Link: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "link",
      abstract: "print the web link of the n-th tweet shown")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The tweet's row, from 1.") var number: String
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome { cli.link(number) }
  }

  struct Thread: CommandOf {
    static let configuration = CommandConfiguration(
      commandName: "thread",
      abstract: "open the n-th tweet's thread: its parents and replies (Bluesky)")
    @OptionGroup(visibility: .hidden) var options: CLIOptions
    @Argument(help: "The tweet's row, from 1.") var number: String
    @MainActor func outcome(in cli: TweetsCLI) -> CommandOutcome { cli.thread(number) }
  }
}
