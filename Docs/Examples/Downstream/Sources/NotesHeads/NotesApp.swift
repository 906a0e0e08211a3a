import AppEnvironment
import NotesFeature

extension RegisteredApp {
  /// The notes app as every head, its help and its completions know it.
  public static let notes = RegisteredApp(
    name: "notes", title: "Notes", tab: 1, meaning: "short notes, kept between runs"
  ) { _, _, scheduler throws(ConfigurationError) in
    NotesSession(scheduler: scheduler)
  }
}

extension AppRegistry {
  /// This package's apps: the notes app, beside nothing else.
  public static let notes = AppRegistry([.notes])
}
