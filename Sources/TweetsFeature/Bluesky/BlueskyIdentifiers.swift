import Foundation

/// Where a Bluesky list lives: its owner (a DID or a handle) and its record key, read from an
/// `at://<owner>/app.bsky.graph.list/<rkey>` URI or a
/// `https://bsky.app/profile/<owner>/lists/<rkey>` address.
public struct BlueskyListReference: Equatable, Sendable {
  /// `did:plc:…` or a handle such as `alice.bsky.social`.
  public let owner: String
  /// The list record's key.
  public let recordKey: String

  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let parts: [Substring]
    if trimmed.hasPrefix("at://") {
      parts = trimmed.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[1] == "app.bsky.graph.list" else { return nil }
    } else if let url = URL(string: trimmed), url.scheme == "https", url.host == "bsky.app" {
      let path = url.path.split(separator: "/")
      guard path.count == 4, path[0] == "profile", path[2] == "lists" else { return nil }
      parts = [path[1], "app.bsky.graph.list", path[3]]
    } else {
      return nil
    }
    let owner = String(parts[0])
    let key = String(parts[2])
    guard Self.isOwner(owner), Self.isRecordKey(key) else { return nil }
    self.owner = owner
    recordKey = key
  }

  /// Whether the owner is a DID.
  public var ownerIsDID: Bool { owner.hasPrefix("did:") }

  /// The list's AT URI with `owner` (a DID) in place.
  public func uri(owner did: String) -> String { "at://\(did)/app.bsky.graph.list/\(recordKey)" }

  /// A DID (`did:method:id`) or a handle (dot-separated labels), at most 253 characters.
  static func isOwner(_ text: String) -> Bool {
    guard (1...253).contains(text.utf8.count) else { return false }
    let allowed = text.utf8.allSatisfy { byte in
      (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
        || byte == UInt8(ascii: "_")
    }
    return allowed
      && (text.hasPrefix("did:") ? text.split(separator: ":").count >= 3 : text.contains("."))
  }

  /// A record key: 1–512 of `A–Z a–z 0–9 . - _ ~ :`, not `.` or `..`.
  static func isRecordKey(_ text: String) -> Bool {
    guard (1...512).contains(text.utf8.count), text != ".", text != ".." else { return false }
    return text.utf8.allSatisfy { byte in
      (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        || [
          UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"),
          UInt8(ascii: ":"),
        ].contains(byte)
    }
  }
}

/// Bluesky's ids as the app's 64-bit ids (`TwitterID`), so the timeline store and its order
/// work unchanged.
public enum BlueskyIDs {
  private static let tidAlphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)

  /// A post's record key when it is a TID (13 base32-sortable characters: microseconds since
  /// 1970 and a clock id): its 63-bit value, which orders posts by time. Nil otherwise.
  public static func tid(_ recordKey: String) -> TwitterID? {
    let bytes = Array(recordKey.utf8)
    guard bytes.count == 13 else { return nil }
    var value: Int64 = 0
    for (index, byte) in bytes.enumerated() {
      guard let digit = tidAlphabet.firstIndex(of: byte) else { return nil }
      // The first character carries the top bit, which must be 0.
      if index == 0 && digit >= 16 { return nil }
      value = value << 5 | Int64(digit)
    }
    return value > 0 ? TwitterID(rawValue: value) : nil
  }

  /// The TID of an `at://…/<collection>/<rkey>` URI's record key.
  public static func tid(uri: String) -> TwitterID? {
    guard let key = uri.split(separator: "/").last else { return nil }
    return tid(String(key))
  }

  /// A time as a TID-ordered id (microseconds since 1970, shifted as a TID is), with `salt`
  /// in the clock-id bits: for a repost the AppView gives no record key of.
  public static func timeOrdered(_ date: Date, salt: String) -> TwitterID? {
    let micros = date.timeIntervalSince1970 * 1_000_000
    guard micros.isFinite, micros > 0, micros < Double(1 << 52) else { return nil }
    return TwitterID(rawValue: Int64(micros) << 10 | Int64(stableHash(salt) & 1023))
  }

  /// A DID or a URI as a positive 63-bit id (FNV-1a): stable across runs, so the store's rows
  /// and a person's id stay the same.
  public static func stable(_ text: String) -> TwitterID {
    let value = Int64(bitPattern: stableHash(text) & 0x7FFF_FFFF_FFFF_FFFF)
    return TwitterID(rawValue: max(1, value))
  }

  private static func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}

/// A Bluesky post's addresses: its AT URI (`at://<did>/app.bsky.feed.post/<rkey>`, as the
/// service names it) and its page on the web (`https://bsky.app/profile/<handle>/post/<rkey>`).
public enum BlueskyPostAddress {
  /// `uri` when it is a post's AT URI with a valid owner and record key, else nil: what a
  /// server sends is checked before it is kept or made into a link.
  public static func checked(_ uri: String) -> String? {
    guard uri.utf8.count <= 1_024, uri.hasPrefix("at://") else { return nil }
    let parts = uri.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[1] == "app.bsky.feed.post",
      BlueskyListReference.isOwner(String(parts[0])),
      BlueskyListReference.isRecordKey(String(parts[2]))
    else { return nil }
    return uri
  }

  /// The post's page on bsky.app, under `handle` when it is one (else the URI's DID, which
  /// bsky.app takes too); nil when `uri` is not a post's AT URI.
  public static func web(_ uri: String, handle: String) -> String? {
    guard let uri = checked(uri) else { return nil }
    let parts = uri.dropFirst(5).split(separator: "/")
    let owner =
      BlueskyListReference.isOwner(handle) && !handle.hasPrefix("did:") ? handle : String(parts[0])
    return "https://bsky.app/profile/\(owner)/post/\(parts[2])"
  }
}
