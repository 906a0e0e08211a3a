import Foundation

/// Re-checks `condition` for up to 10 s, 25 ms apart: for another thread's progress (a server
/// seeing a hang-up), not a fixed delay. It runs in the caller's isolation, so a main-actor
/// test may read its own state in `condition`.
public func eventually(
  isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<400 {
    if condition() { return true }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(25)) {
        continuation.resume()
      }
    }
  }
  return condition()
}
