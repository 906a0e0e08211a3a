import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback port that refuses every connection: bound but never listening, and kept bound
/// while the test runs, so no server started meanwhile by another test can take the port
/// (a stopped server's port can be handed to the next server that binds port 0).
public final class ClosedPort: Sendable {
  private let descriptor: Int32
  /// `http://127.0.0.1:<port>`.
  public let baseURL: URL

  public init() throws {
    (descriptor, baseURL) = try LoopbackSocket.bound(listening: false)
  }

  deinit { close(descriptor) }
}
