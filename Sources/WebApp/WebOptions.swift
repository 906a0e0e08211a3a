import AppEnvironment
import ArgumentParser

/// The flags `web` accepts: the shared ones and where to listen (the apps' own flags are taken
/// off first, by their registry entries' types).
struct WebOptions: ParsableArguments {
  @OptionGroup var shared: SharedOptions
  @Option(help: "The port to listen on (0: any free port).") var port = 8080
  @Option(
    help: "The address to listen on; anything but loopback exposes your data to the network.")
  var host = "127.0.0.1"
  @Flag(help: "Open the address in a browser (xdg-open), where one exists.") var open = false
}
