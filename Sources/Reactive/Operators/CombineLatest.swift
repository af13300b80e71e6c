// `combineLatest`: the latest value of every source, each time any of them sends.

extension Signal {
  /// Sends `(latest self, latest other)` whenever either sends, once both have sent.
  ///
  /// Completes when both sources have completed, or as soon as one completes without
  /// ever having sent a value (no pair can form any more). Fails on the first failure.
  /// The sources may send from different threads: the pairs are delivered one at a
  /// time, in the order the sources' values were taken.
  ///
  /// ```swift
  /// width.combineLatest(with: height).map { $0 * $1 }   // the area, kept up to date
  /// ```
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  public func combineLatest<Other>(
    with other: Signal<Other, Failure>
  ) -> Signal<(Value, Other), Failure> {
    Signal<(Value, Other), Failure> { observer, _ in
      let sink = CombineLatestSink<Value, Other, Failure>(observer)
      sink.attachFirst(self.subscribe(Observer { sink.receiveFirst($0) }))
      sink.attachSecond(other.subscribe(Observer { sink.receiveSecond($0) }))
      return sink
    }
  }

  /// Sends `transform(latest self, latest other)` whenever either sends, once both have
  /// sent: `combineLatest(with:)` with a result selector. A thrown error fails the
  /// signal.
  ///
  /// ```swift
  /// width.combineLatest(with: height) { $0 * $1 }   // the area, kept up to date
  /// ```
  @inlinable
  public func combineLatest<Other, Result>(
    with other: Signal<Other, Failure>,
    _ transform: @escaping (Value, Other) throws(Failure) -> Result
  ) -> Signal<Result, Failure> {
    combineLatest(with: other).map { (pair: (Value, Other)) throws(Failure) -> Result in
      try transform(pair.0, pair.1)
    }
  }

  /// Sends a tuple of the latest value of every signal whenever any of them sends, once
  /// all have sent.
  ///
  /// Completes when all have completed, or as soon as one completes without ever having
  /// sent a value. Fails on the first failure. With no signals, sends the empty tuple
  /// (every signal has sent, vacuously) and completes.
  ///
  /// ```swift
  /// Signal.combineLatest(name, age, isAdmin).map { "\($0) \($1) \($2)" }
  /// ```
  public static func combineLatest<each Element>(
    _ signals: repeat Signal<each Element, Failure>
  ) -> Signal<(repeat each Element), Failure> where Value == (repeat each Element) {
    var erased: [Signal<Any, Failure>] = []
    for signal in repeat each signals {
      erased.append(signal.map { $0 as Any })
    }
    return CombiningCore.signal(.combineLatest, erased).map {
      (values: [Any]) throws(Failure) -> (repeat each Element) in
      unpack(values, as: (repeat each Element).self)
    }
  }

  /// Sends `transform` of the latest value of every signal whenever any of them sends,
  /// once all have sent: the variadic `combineLatest` with a result selector. A thrown
  /// error fails the signal. With no signals, sends `transform()` and completes.
  ///
  /// ```swift
  /// Signal.combineLatest(name, age) { "\($0), \($1)" }
  /// ```
  public static func combineLatest<each Element>(
    _ signals: repeat Signal<each Element, Failure>,
    transform: @escaping (repeat each Element) -> Value
  ) -> Signal {
    let throwing: (repeat each Element) throws(Failure) -> Value = transform
    return combineLatest(repeat each signals, transform: throwing)
  }

  /// The variadic `combineLatest` with a result selector that may throw: a thrown error
  /// fails the signal.
  @_disfavoredOverload
  public static func combineLatest<each Element>(
    _ signals: repeat Signal<each Element, Failure>,
    transform: @escaping (repeat each Element) throws(Failure) -> Value
  ) -> Signal {
    Signal<(repeat each Element), Failure>.combineLatest(repeat each signals).map {
      (values: (repeat each Element)) throws(Failure) -> Value in
      try transform(repeat each values)
    }
  }

  /// Sends an array of the latest value of every signal, in the collection's order,
  /// whenever any of them sends, once all have sent: `combineLatest` over a number of
  /// signals known only at run time.
  ///
  /// Completes when all have completed, or as soon as one completes without ever having
  /// sent a value; fails on the first failure. An empty collection sends one empty
  /// array (every signal has sent, vacuously) and completes.
  ///
  /// ```swift
  /// Signal.combineLatest(fields.map(\.isValid)).map { $0.allSatisfy { $0 } }
  /// ```
  ///
  /// - Complexity: O(n) per value for the array sent, O(1) otherwise, for n signals.
  @inlinable
  public static func combineLatest<Sources: Collection>(
    _ signals: Sources
  ) -> Signal<[Value], Failure> where Sources.Element == Signal<Value, Failure> {
    CombiningCore.signal(.combineLatest, Array(signals))
  }

  /// Sends `transform` of an array of the latest value of every signal whenever any of
  /// them sends, once all have sent. A thrown error fails the signal; an empty
  /// collection sends `transform([])` and completes.
  @inlinable
  public static func combineLatest<Sources: Collection, Result>(
    _ signals: Sources, transform: @escaping ([Value]) -> Result
  ) -> Signal<Result, Failure> where Sources.Element == Signal<Value, Failure> {
    combineLatest(signals).map(transform)
  }

  /// The collection `combineLatest` with a result selector that may throw: a thrown
  /// error fails the signal.
  @inlinable
  @_disfavoredOverload
  public static func combineLatest<Sources: Collection, Result>(
    _ signals: Sources, transform: @escaping ([Value]) throws(Failure) -> Result
  ) -> Signal<Result, Failure> where Sources.Element == Signal<Value, Failure> {
    combineLatest(signals).map(transform)
  }
}

/// Rebuilds a tuple from its elements as `Any`, in order.
func unpack<each Element>(_ values: [Any], as _: (repeat each Element).Type) -> (
  repeat each Element
) {
  var index = 0
  func take<T>(_: T.Type) -> T {
    defer { index += 1 }
    return values[index] as! T  // the core built `values` from these very types
  }
  return (repeat take((each Element).self))
}

/// The subscription state of a two-source `combineLatest`: one lock for everything.
@usableFromInline
final class CombineLatestSink<A, B, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; `observer` is immutable.

  @usableFromInline
  struct State: OutboxState {
    @usableFromInline var first: A?
    @usableFromInline var second: B?
    @usableFromInline var firstDone = false
    @usableFromInline var secondDone = false
    @usableFromInline var isDisposed = false
    @usableFromInline var firstSubscription: Disposable?
    @usableFromInline var secondSubscription: Disposable?
    @usableFromInline var outbox = Outbox<(A, B), Failure>()

    @inlinable
    init() {}
  }

  @usableFromInline let observer: Observer<(A, B), Failure>
  @usableFromInline let state = Locked(State())

  @usableFromInline let liveObject = LiveObjects.track()

  @usableFromInline
  init(_ observer: Observer<(A, B), Failure>) {
    self.observer = observer
  }

  deinit { LiveObjects.untrack(liveObject) }

  @inlinable
  func receiveFirst(_ event: Event<A, Failure>) {
    let admitted = state.withLock { state -> Event<(A, B), Failure>? in
      guard !state.outbox.isFinished else { return nil }
      switch event {
      case .next(let value):
        state.first = value
        guard let second = state.second else { return nil }
        return state.outbox.admit(.next((value, second)))
      case .failed(let error):
        return state.outbox.admit(.failed(error))
      case .completed:
        state.firstDone = true
        guard state.first == nil || state.secondDone else { return nil }
        return state.outbox.admit(.completed)
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  @inlinable
  func receiveSecond(_ event: Event<B, Failure>) {
    let admitted = state.withLock { state -> Event<(A, B), Failure>? in
      guard !state.outbox.isFinished else { return nil }
      switch event {
      case .next(let value):
        state.second = value
        guard let first = state.first else { return nil }
        return state.outbox.admit(.next((first, value)))
      case .failed(let error):
        return state.outbox.admit(.failed(error))
      case .completed:
        state.secondDone = true
        guard state.second == nil || state.firstDone else { return nil }
        return state.outbox.admit(.completed)
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  @usableFromInline
  func attachFirst(_ subscription: Disposable) {
    let rejected = state.withLock { state in
      if state.isDisposed { return true }
      state.firstSubscription = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  @usableFromInline
  func attachSecond(_ subscription: Disposable) {
    let rejected = state.withLock { state in
      if state.isDisposed { return true }
      state.secondSubscription = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  @usableFromInline
  func dispose() {
    let subscriptions = state.finish { state in
      state.isDisposed = true
      defer {
        state.firstSubscription = nil
        state.secondSubscription = nil
      }
      return (state.firstSubscription, state.secondSubscription)
    }
    subscriptions.0?.dispose()
    subscriptions.1?.dispose()
  }
}
