import Foundation

extension ConfigFile {
  /// The file in force: `--config FILE` (which must exist), else
  /// `$XDG_CONFIG_HOME/headless-mvvm/config.toml` (an absolute XDG_CONFIG_HOME only), else
  /// `~/.config/headless-mvvm/config.toml`; read and checked.
  static func locate(
    flag: String?, environment: [String: String], currentDirectory: String
  ) throws(ConfigurationError) -> ConfigFile {
    if let flag {
      guard !flag.isEmpty else { throw .invalidValue("--config needs a file path") }
      let path = DataDirectory.absolute(flag, from: currentDirectory).path
      return try read(path: path, required: true)
    }
    let folder: URL
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      folder = URL(fileURLWithPath: xdg)
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      folder = URL(fileURLWithPath: home).appendingPathComponent(".config")
    }
    let path = folder.appendingPathComponent("headless-mvvm/config.toml").path
    return try read(path: path, required: false)
  }
}
