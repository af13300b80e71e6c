import Synchronization

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
/// is queued and delivered to every observer after the current one, no deadlock). The
/// property is built on a `BehaviorSubject`; when the property is deinitialized its
/// signals complete and its bindings are disposed. Observers do not keep it alive.
public final class MutableProperty<Value>: @unchecked Sendable {
  // @unchecked: mutable state is inside the Mutex; the subject is thread-safe.

  private struct State: @unchecked Sendable {
    // @unchecked: values only move between threads under the Mutex.
    var value: Value
    var version = 0
    var pending = FIFO<Value>()
    var isDelivering = false
  }

  private let state: Mutex<State>
  private let subject: BehaviorSubject<Value, Never>
  private let bindings = CompositeDisposable()

  /// A property whose current value is `value`.
  public init(_ value: Value) {
    state = Mutex(State(value: value))
    subject = BehaviorSubject(value: value)
    LiveObjects.track()
  }

  deinit {
    bindings.dispose()
    subject.sendCompleted()
    LiveObjects.untrack()
  }

  /// The current value. Setting it notifies every observer, even if the value is equal
  /// to the previous one.
  public var value: Value {
    get { state.withLock { UncheckedSendable($0.value) }.value }
    set {
      if store(newValue) { deliverPending() }
    }
  }

  /// The current value, then every change (`RACObserve`): completes when the property
  /// is deinitialized.
  public var signal: Signal<Value, Never> { subject.signal }

  /// Every change made after the subscription; not the current value.
  public var changes: Signal<Value, Never> { subject.signal.skip(1) }

  /// Reads and changes the value as one atomic step, and notifies observers once.
  ///
  /// `body` runs with no lock held, so it may read the property; if another thread
  /// changes the property meanwhile, `body` runs again on the newer value, so it should
  /// do nothing but compute the new value. Returns what `body` returns.
  @discardableResult
  public func modify<Result, E: Error>(
    _ body: (inout Value) throws(E) -> Result
  ) throws(E) -> Result {
    while true {
      let (snapshot, version) = state.withLock { (UncheckedSendable($0.value), $0.version) }
      var value = snapshot.value
      let result = try body(&value)
      let newValue = UncheckedSendable(value)
      let outcome: (committed: Bool, delivers: Bool) = state.withLock { state in
        guard state.version == version else { return (false, false) }
        return (true, Self.store(newValue.value, in: &state))
      }
      guard outcome.committed else { continue }
      if outcome.delivers { deliverPending() }
      return result
    }
  }

  /// Makes `newValue` current and queues it for observers; returns whether the caller
  /// must now call `deliverPending()` (nobody else is delivering).
  ///
  /// For library types that must order a property's changes with their own state: call
  /// this under your lock, and `deliverPending()` after releasing it.
  func store(_ newValue: Value) -> Bool {
    let boxed = UncheckedSendable(newValue)
    return state.withLock { Self.store(boxed.value, in: &$0) }
  }

  private static func store(_ newValue: Value, in state: inout State) -> Bool {
    state.value = newValue
    state.version += 1
    state.pending.push(newValue)
    guard !state.isDelivering else { return false }
    state.isDelivering = true
    return true
  }

  /// Sends queued changes to observers until none is left; only the caller that
  /// `store` told to deliver calls this, so changes go out one at a time, in order.
  func deliverPending() {
    while let value = state.withLock({ state -> UncheckedSendable<Value>? in
      if let value = state.pending.pop() { return UncheckedSendable(value) }
      state.isDelivering = false
      return nil
    }) {
      subject.send(value.value)
    }
  }

  /// Completes the property's signals now; its value no longer changes observably.
  func finish() {
    subject.sendCompleted()
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
