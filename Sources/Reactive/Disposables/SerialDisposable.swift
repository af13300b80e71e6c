/// Holds one disposable at a time; replacing it disposes the previous one.
///
/// Once this is disposed, whatever is assigned afterwards is disposed at once.
public final class SerialDisposable: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock.
  private struct State {
    var current: Disposable?
    var isDisposed = false
  }

  private let state = Locked(State())

  private let liveObject = LiveObjects.track()

  /// An empty serial disposable.
  public init() {}

  deinit { LiveObjects.untrack(liveObject) }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// The current disposable; setting it disposes the one it replaces.
  public var inner: Disposable? {
    get { state.withLock { $0.current } }
    set {
      let (previous, rejected): (Disposable?, Disposable?) = state.withLock { state in
        if state.isDisposed { return (nil, newValue) }
        let previous = state.current
        state.current = newValue
        return (previous, nil)
      }
      previous?.dispose()
      rejected?.dispose()
    }
  }

  /// Disposes the current disposable and every later one.
  public func dispose() {
    let current: Disposable? = state.withLock { state in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      defer { state.current = nil }
      return state.current
    }
    current?.dispose()
  }
}
