import AppEnvironment
import WebApp

// `web [flags]`: everything is in WebApp; this only starts it over this package's apps, on the
// main actor.
WebMain.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: .standard)
