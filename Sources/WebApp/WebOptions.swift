import AppEnvironment
import ArgumentParser

/// The flags `web` accepts: the shared ones, the apps' start-up flags, and where to listen.
struct WebOptions: ParsableArguments {
  @OptionGroup var shared: SharedOptions
  @Option(help: "The port to listen on (0: any free port).") var port = 8080
  @Option(
    help: "The address to listen on; anything but loopback exposes your data to the network.")
  var host = "127.0.0.1"
  @Flag(help: "Open the address in a browser (xdg-open), where one exists.") var open = false
  @Option(help: "Checkout: load this catalog file instead of the bundled one.") var catalog: String?
  @Option(
    parsing: .unconditional,
    help: "Weather: the device position, LAT,LON[,ACCURACY] or off.") var location: String?
  @Flag(help: "Weather: read the position from gpsd (at GPSD_HOST, else localhost:2947).")
  var gpsd = false
}
