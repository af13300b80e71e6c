/// Collects disposables and disposes them all when the bag is deinitialized.
///
/// Keep one per owner (a view, a view model); `subscription.disposed(by: bag)`.
/// Inserting into a bag that was explicitly disposed disposes the newcomer at once.
public final class DisposeBag: @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock.
  private struct State {
    var disposables: [Disposable] = []
    var isDisposed = false
  }

  private let state = Locked(State())

  /// An empty bag.
  public init() {}

  deinit { dispose() }

  /// Adds a disposable to dispose with the bag.
  public func insert(_ disposable: Disposable) {
    let rejected: Bool = state.withLock { state in
      if state.isDisposed { return true }
      state.disposables.append(disposable)
      return false
    }
    if rejected { disposable.dispose() }
  }

  /// Disposes everything in the bag now, in insertion order.
  public func dispose() {
    let disposables: [Disposable] = state.withLock { state in
      state.isDisposed = true
      defer { state.disposables = [] }
      return state.disposables
    }
    for disposable in disposables { disposable.dispose() }
  }
}
