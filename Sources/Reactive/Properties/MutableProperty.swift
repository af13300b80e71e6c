/// A thread-safe value you can read, set and observe: the Swift answer to KVO and
/// `RACObserve`.
///
/// ```swift
/// let index = MutableProperty(0)
/// index.signal.subscribe(next: { print("index", $0) })   // index 0
/// index.value = 3                                         // index 3
/// index.modify { $0 += 1 }                                // index 4
/// ```
///
/// Every change is delivered to observers in the order the changes were made, one at a
/// time, with no lock held: an observer may read the property, or set it (the new value
/// is queued and delivered to every observer after the current one, no deadlock). When
/// the property is deinitialized its signals complete and its bindings are disposed.
/// Observers do not keep it alive.
///
/// The property keeps its value under a lock and delivers through the engine of the
/// subjects (`SubjectCore`), taking its delivery turn under that same lock, so changes
/// reach observers in the order they were made. An uncontended set costs one lock and
/// two compare-and-swaps. `@inlinable` throughout: this is the path of every UI binding,
/// and unspecialized generic code costs ten times more (workload 5 of `Benchmarks/`).
public final class MutableProperty<Value>: @unchecked Sendable {
  // @unchecked: mutable state is inside the lock; the core is thread-safe.

  @usableFromInline
  struct State {
    @usableFromInline var value: Value
    /// Counts changes, so `modify` can tell whether the value changed under it.
    @usableFromInline var version = 0

    @inlinable
    init(value: Value) { self.value = value }
  }

  @usableFromInline let state: Locked<State>
  /// Replays the latest delivered value to a new observer (`bufferSize` 1), so a
  /// subscription made during a delivery neither misses nor repeats a value.
  @usableFromInline let core: SubjectCore<Value, Never>
  @usableFromInline let bindings = CompositeDisposable()

  @usableFromInline let liveObject = LiveObjects.track()

  /// A property whose current value is `value`.
  @inlinable
  public init(_ value: Value) {
    state = Locked(State(value: value))
    core = SubjectCore(bufferSize: 1, initial: value)
  }

  @inlinable
  deinit {
    bindings.dispose()
    core.send(.completed)
    LiveObjects.untrack(liveObject)
  }

  /// The current value. Setting it notifies every observer, even if the value is equal
  /// to the previous one.
  @inlinable
  public var value: Value {
    get { state.withLock { $0.value } }
    set {
      let reservation = reserve(newValue)
      core.complete(reservation, .next(newValue))
    }
  }

  /// The current value, then every change (`RACObserve`): completes when the property
  /// is deinitialized.
  @inlinable
  public var signal: Signal<Value, Never> {
    let core = self.core
    return Signal { observer, lifetime in core.attach(observer, lifetime) }
  }

  /// Every change made after the subscription; not the current value.
  @inlinable
  public var changes: Signal<Value, Never> { signal.skip(1) }

  /// Reads and changes the value as one atomic step, and notifies observers once.
  ///
  /// `body` runs with no lock held, so it may read the property; if another thread
  /// changes the property meanwhile, `body` runs again on the newer value, so it should
  /// do nothing but compute the new value. Returns what `body` returns.
  @inlinable
  @discardableResult
  public func modify<Result, E: Error>(
    _ body: (inout Value) throws(E) -> Result
  ) throws(E) -> Result {
    while true {
      let (snapshot, version) = state.withLock { ($0.value, $0.version) }
      var value = snapshot
      let result = try body(&value)
      let core = self.core
      let reservation: SubjectCore<Value, Never>.Reservation? = state.withLock { state in
        guard state.version == version else { return nil }
        return Self.store(value, in: &state, core)
      }
      guard let reservation else { continue }
      core.complete(reservation, .next(value))
      return result
    }
  }

  /// Makes `newValue` current and takes its delivery turn, under the lock.
  @inlinable
  func reserve(_ newValue: Value) -> SubjectCore<Value, Never>.Reservation {
    let core = self.core
    return state.withLock { Self.store(newValue, in: &$0, core) }
  }

  @inlinable
  static func store(
    _ newValue: Value, in state: inout State, _ core: SubjectCore<Value, Never>
  ) -> SubjectCore<Value, Never>.Reservation {
    state.value = newValue
    state.version &+= 1
    return core.reserve(.next(newValue))
  }

  /// Makes `newValue` current and queues it for observers; returns whether the caller
  /// must now call `deliverPending()` (nobody else is delivering).
  ///
  /// For library types that must order a property's changes with their own state: call
  /// this under your lock, and `deliverPending()` after releasing it.
  func store(_ newValue: Value) -> Bool {
    let core = self.core
    return state.withLock { state in
      state.value = newValue
      state.version &+= 1
      return core.enqueueForDrain(.next(newValue))
    }
  }

  /// Sends queued changes to observers until none is left; only the caller that
  /// `store` told to deliver calls this, so changes go out one at a time, in order.
  func deliverPending() {
    core.drain()
  }

  /// Completes the property's signals now; its value no longer changes observably.
  func finish() {
    core.send(.completed)
  }

  /// Keeps `disposable` until the property is deinitialized; returns a disposable that
  /// disposes it earlier.
  func addBinding(_ disposable: Disposable) -> Disposable {
    guard let key = bindings.add(disposable) else { return disposable }
    let bindings = self.bindings
    return AnyDisposable {
      bindings.remove(for: key)
      disposable.dispose()
    }
  }
}
