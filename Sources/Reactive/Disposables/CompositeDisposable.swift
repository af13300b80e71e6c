/// A set of disposables disposed together: the `RACCompoundDisposable` of this library.
///
/// Adding to a composite that is already disposed disposes the added one at once.
/// Children can be removed again (without being disposed) through the key `add` returns.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock.

  /// Identifies a child for `remove(for:)`.
  public struct Key: Hashable, Sendable {
    fileprivate let rawValue: Int
  }

  private struct State {
    var children: [Int: Disposable] = [:]
    var nextKey = 0
    var isDisposed = false
  }

  private let state = Locked(State())

  private let liveObject = LiveObjects.track()

  /// An empty composite.
  public init() {}

  /// A composite holding `disposables`.
  public init(_ disposables: [Disposable]) {
    for disposable in disposables { add(disposable) }
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { state.withLock { $0.isDisposed } }

  /// Adds a child; returns its key, or `nil` (after disposing it) if this is disposed.
  @discardableResult
  public func add(_ disposable: Disposable) -> Key? {
    let key: Int? = state.withLock { state in
      guard !state.isDisposed else { return nil }
      let key = state.nextKey
      state.nextKey += 1
      state.children[key] = disposable
      return key
    }
    guard let key else {
      disposable.dispose()
      return nil
    }
    return Key(rawValue: key)
  }

  /// Adds a closure to run on disposal; returns its key, or `nil` if it already ran.
  @discardableResult
  public func add(_ action: @escaping () -> Void) -> Key? {
    add(AnyDisposable(action))
  }

  /// Removes a child without disposing it.
  public func remove(for key: Key) {
    let removed = state.withLock { $0.children.removeValue(forKey: key.rawValue) }
    _ = removed  // released outside the lock
  }

  /// Disposes every child, once.
  public func dispose() {
    let children: [Int: Disposable]? = state.withLock { state in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      defer { state.children = [:] }
      return state.children
    }
    guard let children else { return }
    for key in children.keys.sorted() { children[key]!.dispose() }
  }
}
