import Foundation

/// The display rules shared by the tweets view models: ages, the status line, usernames.
public enum TweetsText {
  /// `now` (under a minute, or in the future), `5m`, `2h`, `3d`, then `Mar 7` this year or
  /// `Dec 25, 2024`.
  public static func age(of date: Date, now: Date, timeZone: TimeZone) -> String {
    let seconds = now.timeIntervalSince(date)
    if seconds < 60 { return "now" }
    if seconds < 3600 { return "\(Int(seconds / 60))m" }
    if seconds < 86_400 { return "\(Int(seconds / 3600))h" }
    if seconds < 7 * 86_400 { return "\(Int(seconds / 86_400))d" }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let month = months[(parts.month ?? 1) - 1]
    let day = parts.day ?? 1
    guard parts.year == calendar.component(.year, from: now) else {
      return "\(month) \(day), \(parts.year ?? 0)"
    }
    return "\(month) \(day)"
  }

  /// English month abbreviations (en_US_POSIX), without a formatter per row.
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `HH:mm:ss` in `timeZone`.
  public static func clock(_ date: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
  }

  /// A username as typed, trimmed and without one leading `@`, if it is 1–15 of
  /// `A–Z a–z 0–9 _` (Twitter's), or a Bluesky handle (`ada.bsky.social`: dot-separated
  /// labels of `A–Z a–z 0–9 -`, at most 253 characters, the last label starting with a
  /// letter); nil otherwise.
  public static func username(_ text: String) -> String? {
    var name = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
    if name.first == "@" { name = name.dropFirst() }
    if isHandle(name) { return String(name) }
    guard (1...15).contains(name.unicodeScalars.count),
      name.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "_"
      })
    else { return nil }
    return String(name)
  }

  /// Whether `name` is a domain-style handle, as Bluesky's are.
  static func isHandle(_ name: Substring) -> Bool {
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, name.utf8.count <= 253,
      let top = labels.last?.unicodeScalars.first,
      ("a"..."z").contains(top) || ("A"..."Z").contains(top)
    else { return false }
    return labels.allSatisfy { label in
      (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
        && label.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || $0 == "-"
        }
    }
  }
}
