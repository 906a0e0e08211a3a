import Foundation

/// Runs blocking work (a database transaction, a file read) on a serial queue of the
/// caller's, and publishes its result there. Subscribe again to run it again.
public enum BackgroundWork {
  public static func run<T: Sendable, E: Error>(
    on queue: DispatchQueue, _ work: @escaping @Sendable () -> Result<T, E>
  ) -> AnyPublisher<T, E> {
    Deferred {
      let answer = Replayed<T, E>()
      queue.async {
        switch work() {
        case .success(let value):
          answer.send(value)
          answer.send(completion: .finished)
        case .failure(let error):
          answer.send(completion: .failure(error))
        }
      }
      return answer
    }
    .eraseToAnyPublisher()
  }
}
