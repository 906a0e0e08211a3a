import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections (issue 51, item 1): how many there are, which hold a tab's
/// session and which are serving a request, so that a new connection at the cap closes the
/// oldest that does neither instead of being refused, and a new session past the session cap
/// is refused.
final class ConnectionBook: Sendable {
  private struct Entry {
    let channel: any Channel
    let order: Int
    var hasSession = false
    var isServing = false
  }

  private struct Book {
    var entries: [ObjectIdentifier: Entry] = [:]
    var opened = 0
    var sessions = 0
  }

  private let book = NIOLockedValueBox(Book())
  let limits: WebLimits

  init(limits: WebLimits) { self.limits = limits }

  /// Takes in a new connection: true when it may stay. At the cap, the oldest connection that
  /// holds no session and serves no request is closed to make room (else the oldest without a
  /// session); with none, the new one is refused.
  func admit(_ channel: any Channel) -> Bool {
    let (admitted, evicted) = book.withLockedValue { book -> (Bool, (any Channel)?) in
      var evicted: (any Channel)?
      if book.entries.count >= limits.connections {
        let candidates = book.entries.filter { !$0.value.hasSession }
        let quiet = candidates.filter { !$0.value.isServing }
        guard
          let oldest = (quiet.isEmpty ? candidates : quiet).min(by: {
            $0.value.order < $1.value.order
          })
        else { return (false, nil) }
        evicted = book.entries.removeValue(forKey: oldest.key)?.channel
      }
      book.opened += 1
      book.entries[ObjectIdentifier(channel)] = Entry(channel: channel, order: book.opened)
      return (true, evicted)
    }
    evicted?.close(promise: nil)
    return admitted
  }

  /// The connection has closed.
  func remove(_ channel: any Channel) {
    book.withLockedValue { book in
      if book.entries.removeValue(forKey: ObjectIdentifier(channel))?.hasSession == true {
        book.sessions -= 1
      }
    }
  }

  /// Marks the connection as serving a request (true) or waiting for one (false).
  func setServing(_ channel: any Channel, _ serving: Bool) {
    book.withLockedValue { $0.entries[ObjectIdentifier(channel)]?.isServing = serving }
  }

  /// Gives the connection a session: false when the session cap is reached.
  func claimSession(_ channel: any Channel) -> Bool {
    book.withLockedValue { book in
      let key = ObjectIdentifier(channel)
      guard let entry = book.entries[key] else { return false }
      if entry.hasSession { return true }
      guard book.sessions < limits.sessions else { return false }
      book.entries[key]?.hasSession = true
      book.sessions += 1
      return true
    }
  }

  /// The open connections.
  var channels: [any Channel] { book.withLockedValue { $0.entries.values.map(\.channel) } }

  /// Open connections and sessions now.
  var counts: (connections: Int, sessions: Int) {
    book.withLockedValue { ($0.entries.count, $0.sessions) }
  }
}
