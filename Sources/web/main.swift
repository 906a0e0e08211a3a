import WebApp

// `web [flags]`: everything is in WebApp; this only starts it on the main actor.
WebMain.run(arguments: Array(CommandLine.arguments.dropFirst()))
