/// A read-only view of a value that changes over time: a current `value` and its
/// changes.
///
/// Make one from a `MutableProperty` (to expose it read-only), from an initial value and
/// a signal of later values, or by mapping another property. `signal` sends the current
/// value and then every change; `changes` sends only the changes.
public final class Property<Value>: @unchecked Sendable {
  // @unchecked: every stored property is immutable; the closures only read
  // thread-safe sources.

  /// Reads the value; it also keeps the source alive (it captures it strongly).
  private let read: () -> Value
  private let subscription: Disposable?

  /// The current value, then every change; completes when the source does.
  public let signal: Signal<Value, Never>

  /// Every change made after the subscription; not the current value.
  public let changes: Signal<Value, Never>

  private let liveObject = LiveObjects.track()

  private init(
    read: @escaping () -> Value, signal: Signal<Value, Never>, changes: Signal<Value, Never>,
    subscription: Disposable? = nil
  ) {
    self.read = read
    self.signal = signal
    self.changes = changes
    self.subscription = subscription
  }

  deinit {
    subscription?.dispose()
    LiveObjects.untrack(liveObject)
  }

  /// The current value.
  public var value: Value { read() }

  /// A read-only view of `property`; it keeps `property` alive.
  public convenience init(_ property: MutableProperty<Value>) {
    self.init(
      read: { property.value }, signal: property.signal, changes: property.changes)
  }

  /// A property that never changes: `signal` sends `value` and completes.
  public convenience init(value: Value) {
    self.init(read: { value }, signal: .just(value), changes: .empty())
  }

  /// A property that starts at `initial` and then takes every value `values` sends.
  ///
  /// `values` is subscribed at once and for as long as the property lives. When it
  /// completes, the property keeps its last value and its signals complete.
  public convenience init(initial: Value, then values: Signal<Value, Never>) {
    let storage = MutableProperty(initial)
    let subscription = values.subscribe(
      next: { storage.value = $0 }, completed: { storage.finish() })
    self.init(
      read: { storage.value }, signal: storage.signal, changes: storage.changes,
      subscription: subscription)
  }

  /// A property whose value is always `transform` of this one's; it keeps this one
  /// alive.
  ///
  /// `transform` runs on every read of `value` and for every change observed, so it
  /// should be cheap and free of side effects.
  public func map<NewValue>(
    _ transform: @escaping (Value) -> NewValue
  ) -> Property<NewValue> {
    Property<NewValue>(
      read: { transform(self.value) }, signal: signal.map(transform),
      changes: changes.map(transform))
  }
}
