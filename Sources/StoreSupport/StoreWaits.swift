import Foundation

/// How long every store's connection waits for another's write lock before it fails.
///
/// Writers take turns on a store: ten `cli todo add` loops at once, the TUI beside them, a
/// backup or a `sqlite3` shell that holds the lock for a couple of seconds now and then. A
/// write waits its turn (SQLite's busy handler) rather than fail, up to this long; only a
/// lock held past it is a failure, reported as the store being in use.
public enum StoreWaits {
  /// The longest wait for the write lock, in seconds.
  public static let busy: TimeInterval = 30
  /// The wait of a store that only caches what a service said (the tweets' timelines): a
  /// write it drops is made again by the next poll.
  public static let cache: TimeInterval = 1
}
