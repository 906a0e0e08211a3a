import Foundation
import ViewModelKit

extension TasksViewModel {
  /// Why `filter` (`TaskQuery`'s words) picks nothing because a term of it does not read
  /// (`Not a due date: "someday". …`); nil when it reads. `pages(of:matching:)` with such a
  /// filter picks no task, so a head asks first to refuse it.
  public func filterProblem(_ filter: String) -> String? {
    guard case .failure(let problem) = TaskQuery.parse(filter, today: today) else { return nil }
    return problem.message
  }

  /// Every task of one section, in the section's order, read from the store `size` at a time:
  /// each page is asked for only once the one before has been delivered, so a list of any size
  /// is never held whole (`cli todo list` on a million tasks). Delivered on the scheduler; the
  /// first page always comes, empty for an empty section; the last one is shorter than `size`
  /// (possibly empty).
  ///
  /// With a `filter` (`TaskQuery`'s words), only the tasks it picks: a page is then delivered
  /// only when it holds one (the first page, empty, when none is picked at all). A filter that
  /// does not read picks none.
  public func pages(of kind: TaskSection.Kind, size: Int = 1_000, matching filter: String = "")
    -> AnyPublisher<[TaskItem], TaskServiceError>
  {
    let query = try? TaskQuery.parse(filter, today: today).get()
    let matcher = TitleMatcher()
    let pick: (([TaskItem]) -> [TaskItem])? =
      filter.isEmpty
      ? nil
      : { page in query.map { query in page.filter { query.matches($0, matcher: matcher) } } ?? [] }
    let walk = TaskPageWalk(
      service: service, kind: kind, size: max(1, size), scheduler: scheduler, pick: pick)
    return walk.pages.handleEvents(
      receiveCancel: { walk.cancel() }, receiveRequest: { _ in walk.start() }
    )
    .eraseToAnyPublisher()
  }
}

/// One walk through a section: asks the service for the page after the last task delivered.
final class TaskPageWalk {
  let pages = PassthroughSubject<[TaskItem], TaskServiceError>()
  private let service: any TaskService
  private let kind: TaskSection.Kind
  private let size: Int
  private let scheduler: AnySchedulerOf<DispatchQueue>
  /// The rows of a page a filter picks (nil: all).
  private let pick: (([TaskItem]) -> [TaskItem])?
  private var started = false
  private var delivered = false
  private var current: AnyCancellable?

  init(
    service: any TaskService, kind: TaskSection.Kind, size: Int,
    scheduler: AnySchedulerOf<DispatchQueue>, pick: (([TaskItem]) -> [TaskItem])?
  ) {
    self.pick = pick
    self.service = service
    self.kind = kind
    self.size = size
    self.scheduler = scheduler
  }

  /// Asks for the first page, once.
  func start() {
    guard !started else { return }
    started = true
    fetch(after: nil)
  }

  func cancel() { current?.cancel() }

  private func fetch(after cursor: TaskItem?) {
    current = service.page(of: kind, after: cursor, limit: size).receive(on: scheduler)
      .sink(
        receiveCompletion: { [weak self] completion in
          if case .failure(let error) = completion { self?.pages.send(completion: .failure(error)) }
        },
        receiveValue: { [weak self] page in
          guard let self else { return }
          let last = page.count < size
          let shown = pick.map { $0(page) } ?? page
          if !shown.isEmpty || (last && !delivered) || pick == nil {
            delivered = true
            pages.send(shown)
          }
          if last {
            pages.send(completion: .finished)
          } else {
            fetch(after: page.last)
          }
        })
  }
}
