// `flatMap` and `flatten`: a signal of signals as one signal, by a `FlattenStrategy`.

/// How `flatMap` and `flatten` combine the inner signals of a signal of signals.
public enum FlattenStrategy: Sendable, Hashable {
  /// Subscribe every inner signal at once and send values as they arrive; complete
  /// when the outer signal and every inner signal have completed.
  case merge
  /// Subscribe inner signals one at a time, in order, queueing the later ones; complete
  /// when the outer signal and every inner signal have completed.
  case concat
  /// Follow the newest inner signal only, disposing the previous one when a new one
  /// arrives; complete when the outer signal and the current inner have completed.
  case latest
  /// Follow the first inner signal until it completes, ignoring the outer values that
  /// arrive meanwhile (the transform is not even called for them): "exhaust", for a
  /// button whose request must finish before another one starts. Complete when the
  /// outer signal and the current inner have completed.
  case first
  /// Subscribe up to `limit` inner signals at once and queue the others, starting them
  /// in order as active ones complete: `.concurrent(1)` behaves like `.concat`, an
  /// unbounded limit like `.merge`. Complete when the outer signal and every inner
  /// signal have completed. `limit` must be positive.
  case concurrent(Int)
}

extension Signal {
  /// Maps every value to a signal and flattens those signals into one by `strategy`.
  ///
  /// A thrown error, and a failure of the outer signal or of any inner signal, fails
  /// the result and disposes everything. The outer signal's subscription ends when it
  /// completes; the inner ones end when they complete, or (`.latest`) when a newer one
  /// replaces them.
  ///
  /// ```swift
  /// searchText.flatMap(.latest) { text in api.search(text) }   // cancels stale queries
  /// ```
  ///
  /// - Complexity: O(1) per inner value, with no allocation; one subscription per
  ///   inner signal.
  @inlinable
  public func flatMap<Inner>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping (Value) throws(Failure) -> Signal<Inner, Failure>
  ) -> Signal<Inner, Failure> {
    if case .concurrent(let limit) = strategy {
      precondition(limit > 0, "flatMap(.concurrent): the limit must be positive")
    }
    return Signal<Inner, Failure> { observer, lifetime in
      let sink = FlattenSink<Value, Inner, Failure>(strategy, observer, transform)
      // The outer signal is started (not subscribed) with our lifetime, so a
      // synchronous outer such as `Signal.from(0...)` stops when our subscriber leaves;
      // the sink guards its events and disposes it once, itself.
      sink.attachOuter(self.start(Observer { sink.receiveOuter($0, lifetime) }, lifetime))
      return sink
    }
  }

  /// Flattens a signal of signals into one by `strategy`; see `flatMap(_:_:)`.
  @inlinable
  public func flatten<Inner>(_ strategy: FlattenStrategy) -> Signal<Inner, Failure>
  where Value == Signal<Inner, Failure> {
    flatMap(strategy) { (inner: Value) throws(Failure) -> Value in inner }
  }
}

/// The subscription state of `flatMap`: the outer subscription, the inner ones, and
/// the delivery queue, under one lock.
@usableFromInline
final class FlattenSink<Outer, Inner, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; the rest is immutable.

  @usableFromInline
  struct State: OutboxState {
    @usableFromInline var outbox = Outbox<Inner, Failure>()
    @usableFromInline var isDisposed = false
    @usableFromInline var outerDone = false
    @usableFromInline var outerSubscription: Disposable?
    /// `.latest`: the number of the newest inner; `.merge`: the last number handed out.
    @usableFromInline var generation = 0
    /// `.latest`, `.first`, `.concat`: whether an inner signal is subscribed and not
    /// completed.
    @usableFromInline var innerActive = false
    /// `.latest`, `.concat`: the active inner subscription, once `subscribe` returned.
    @usableFromInline var current: Disposable?
    /// `.merge`, `.concurrent`: the live inner subscriptions by number (`nil` while
    /// subscribing).
    @usableFromInline var active: [Int: Disposable?] = [:]
    /// `.concat`, `.concurrent`: inner signals waiting for an active one to complete.
    @usableFromInline var waiting = FIFO<Signal<Inner, Failure>>()
    /// `.concat`: a `subscribe` of the active inner is running on some thread.
    @usableFromInline var isSubscribing = false
    /// `.concat`: the inner completed before its `subscribe` returned.
    @usableFromInline var completedWhileSubscribing = false
    /// `.concurrent`: some thread is running the loop that starts waiting inners.
    @usableFromInline var isStarting = false

    @inlinable
    init() {}

    @inlinable
    var acceptsInner: Bool { !outbox.isFinished && !outerDone }
  }

  @usableFromInline let strategy: FlattenStrategy
  @usableFromInline let observer: Observer<Inner, Failure>
  @usableFromInline let transform: (Outer) throws(Failure) -> Signal<Inner, Failure>
  @usableFromInline let state = Locked(State())

  @usableFromInline
  init(
    _ strategy: FlattenStrategy, _ observer: Observer<Inner, Failure>,
    _ transform: @escaping (Outer) throws(Failure) -> Signal<Inner, Failure>
  ) {
    self.strategy = strategy
    self.observer = observer
    self.transform = transform
    LiveObjects.track()
  }

  deinit { LiveObjects.untrack() }

  // MARK: Outer signal

  @inlinable
  func receiveOuter(_ event: Event<Outer, Failure>, _ lifetime: Lifetime) {
    switch event {
    case .next(let value):
      guard !lifetime.hasEnded, accept() else { return }
      let inner: Signal<Inner, Failure>
      do throws(Failure) {
        inner = try transform(value)
      } catch {
        admitAndDeliver(.failed(error))
        return
      }
      switch strategy {
      case .latest: subscribeLatest(inner)
      case .merge: subscribeMerge(inner)
      case .concat: enqueueConcat(inner)
      // `accept()` already marked the inner active.
      case .first: subscribeLatest(inner)
      case .concurrent(let limit): enqueueConcurrent(inner, limit: limit)
      }
    case .failed(let error):
      admitAndDeliver(.failed(error))
    case .completed:
      let (subscription, admitted) = state.withLock {
        state -> (Disposable?, Event<Inner, Failure>?) in
        guard !state.outerDone else { return (nil, nil) }
        state.outerDone = true
        let subscription = state.outerSubscription
        state.outerSubscription = nil
        let idle =
          switch strategy {
          case .latest, .concat, .first: !state.innerActive
          case .merge: state.active.isEmpty
          case .concurrent: state.active.isEmpty && state.waiting.isEmpty
          }
        return (subscription, idle ? state.outbox.admit(.completed) : nil)
      }
      subscription?.dispose()
      if let event = admitted { state.deliver(event, to: observer) }
    }
  }

  /// Whether an outer value may start an inner signal; with `.first`, claims the single
  /// inner slot, so the transform is not called while an inner is active.
  @inlinable
  func accept() -> Bool {
    state.withLock { state in
      guard state.acceptsInner else { return false }
      if case .first = strategy {
        if state.innerActive { return false }
        state.innerActive = true
      }
      return true
    }
  }

  @usableFromInline
  func attachOuter(_ subscription: Disposable) {
    let rejected = state.withLock { state in
      if state.isDisposed || state.outerDone { return true }
      state.outerSubscription = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  @inlinable
  func admitAndDeliver(_ event: Event<Inner, Failure>) {
    let admitted = state.withLock { $0.outbox.admit(event) }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  // MARK: .latest

  @inlinable
  func subscribeLatest(_ inner: Signal<Inner, Failure>) {
    let started = state.withLock { state -> (Int, Disposable?)? in
      guard state.acceptsInner else { return nil }
      state.generation += 1
      state.innerActive = true
      let previous = state.current
      state.current = nil
      return (state.generation, previous)
    }
    guard let (generation, previous) = started else { return }
    previous?.dispose()
    let subscription = inner.subscribe(Observer { self.receiveLatest($0, generation) })
    let rejected = state.withLock { state in
      // Disposed, replaced by a newer inner, or already completed: nothing to keep.
      if state.isDisposed || state.generation != generation || !state.innerActive {
        return true
      }
      state.current = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  @inlinable
  func receiveLatest(_ event: Event<Inner, Failure>, _ generation: Int) {
    let (finished, admitted) = state.withLock {
      state -> (Disposable?, Event<Inner, Failure>?) in
      // A replaced inner may still send while it is being disposed on another thread.
      guard state.generation == generation else { return (nil, nil) }
      guard case .completed = event else {
        return (nil, state.outbox.admit(event))
      }
      state.innerActive = false
      let finished = state.current
      state.current = nil
      return (finished, state.outerDone ? state.outbox.admit(.completed) : nil)
    }
    _ = finished  // released here, outside the lock
    if let event = admitted { state.deliver(event, to: observer) }
  }

  // MARK: .merge

  @inlinable
  func subscribeMerge(_ inner: Signal<Inner, Failure>) {
    let number = state.withLock { state -> Int? in
      guard state.acceptsInner else { return nil }
      state.generation += 1
      state.active[state.generation] = .some(nil)
      return state.generation
    }
    guard let number else { return }
    let subscription = inner.subscribe(Observer { self.receiveMerge($0, number) })
    let rejected = state.withLock { state in
      // Disposed, or completed synchronously (its entry is gone): nothing to keep.
      if state.isDisposed || state.active[number] == nil { return true }
      state.active[number] = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  @inlinable
  func receiveMerge(_ event: Event<Inner, Failure>, _ number: Int) {
    let (finished, admitted) = state.withLock {
      state -> (Disposable??, Event<Inner, Failure>?) in
      guard case .completed = event else {
        return (nil, state.outbox.admit(event))
      }
      let finished = state.active.removeValue(forKey: number)
      let done = state.outerDone && state.active.isEmpty
      return (finished, done ? state.outbox.admit(.completed) : nil)
    }
    _ = finished  // released here, outside the lock
    if let event = admitted { state.deliver(event, to: observer) }
  }

  // MARK: .concat

  @inlinable
  func enqueueConcat(_ inner: Signal<Inner, Failure>) {
    let startNow = state.withLock { state in
      guard state.acceptsInner else { return false }
      if state.innerActive {
        state.waiting.push(inner)
        return false
      }
      state.innerActive = true
      return true
    }
    if startNow { runConcat(inner) }
  }

  /// Subscribes `first`, and then, for as long as each one completes before its
  /// `subscribe` returns, the next waiting one: a loop rather than a recursion, so a
  /// long run of synchronous signals uses constant stack (a trampoline).
  @inlinable
  func runConcat(_ first: Signal<Inner, Failure>) {
    var next: Signal<Inner, Failure>? = first
    while let signal = next {
      state.withLock { state in
        state.isSubscribing = true
        state.completedWhileSubscribing = false
      }
      let subscription = signal.subscribe(Observer { self.receiveConcat($0) })
      let (rejected, following, admitted) = state.withLock {
        state -> (Bool, Signal<Inner, Failure>?, Event<Inner, Failure>?) in
        state.isSubscribing = false
        if state.isDisposed { return (true, nil, nil) }
        guard state.completedWhileSubscribing else {
          state.current = subscription
          return (false, nil, nil)
        }
        if let following = state.waiting.pop() { return (true, following, nil) }
        state.innerActive = false
        return (
          true, nil, state.outerDone ? state.outbox.admit(.completed) : nil
        )
      }
      if rejected { subscription.dispose() }
      if let event = admitted { state.deliver(event, to: observer) }
      next = following
    }
  }

  @inlinable
  func receiveConcat(_ event: Event<Inner, Failure>) {
    guard case .completed = event else {
      admitAndDeliver(event)
      return
    }
    let (finished, following, admitted) = state.withLock {
      state -> (Disposable?, Signal<Inner, Failure>?, Event<Inner, Failure>?) in
      if state.isSubscribing {
        // `runConcat` is still inside this inner's `subscribe`: it takes the next one.
        state.completedWhileSubscribing = true
        return (nil, nil, nil)
      }
      let finished = state.current
      state.current = nil
      if state.isDisposed { return (finished, nil, nil) }
      if let following = state.waiting.pop() {
        return (finished, following, nil)
      }
      state.innerActive = false
      return (
        finished, nil, state.outerDone ? state.outbox.admit(.completed) : nil
      )
    }
    _ = finished  // released here, outside the lock
    if let event = admitted { state.deliver(event, to: observer) }
    if let following { runConcat(following) }
  }

  // MARK: .concurrent

  @inlinable
  func enqueueConcurrent(_ inner: Signal<Inner, Failure>, limit: Int) {
    let startsNow = state.withLock { state in
      guard state.acceptsInner else { return false }
      state.waiting.push(inner)
      if state.isStarting { return false }
      state.isStarting = true
      return true
    }
    if startsNow { runConcurrent(limit: limit) }
  }

  /// Starts waiting inners while fewer than `limit` are active. Whoever sets
  /// `isStarting` runs this loop; an inner that completes meanwhile (synchronously,
  /// inside its own `subscribe`, or on another thread) only frees its slot, and the loop
  /// starts the next one: constant stack however many synchronous inners run.
  @inlinable
  func runConcurrent(limit: Int) {
    while true {
      let next = state.withLock { state -> (Signal<Inner, Failure>, Int)? in
        guard !state.isDisposed, state.active.count < limit, let signal = state.waiting.pop()
        else {
          state.isStarting = false
          return nil
        }
        state.generation += 1
        state.active[state.generation] = .some(nil)
        return (signal, state.generation)
      }
      guard let (signal, number) = next else { return }
      let subscription = signal.subscribe(
        Observer { self.receiveConcurrent($0, number, limit: limit) })
      let rejected = state.withLock { state in
        // Disposed, or completed synchronously (its entry is gone): nothing to keep.
        if state.isDisposed || state.active[number] == nil { return true }
        state.active[number] = subscription
        return false
      }
      if rejected { subscription.dispose() }
    }
  }

  @inlinable
  func receiveConcurrent(_ event: Event<Inner, Failure>, _ number: Int, limit: Int) {
    guard case .completed = event else {
      admitAndDeliver(event)
      return
    }
    let (finished, admitted, startsNext) = state.withLock {
      state -> (Disposable??, Event<Inner, Failure>?, Bool) in
      let finished = state.active.removeValue(forKey: number)
      var startsNext = false
      if !state.isDisposed, !state.isStarting, !state.waiting.isEmpty {
        state.isStarting = true
        startsNext = true
      }
      let done = state.outerDone && state.active.isEmpty && state.waiting.isEmpty
      return (finished, done ? state.outbox.admit(.completed) : nil, startsNext)
    }
    _ = finished  // released here, outside the lock
    if let event = admitted { state.deliver(event, to: observer) }
    if startsNext { runConcurrent(limit: limit) }
  }

  // MARK: Disposal

  @usableFromInline
  func dispose() {
    let (outer, current, active) = state.finish {
      state -> (Disposable?, Disposable?, [Int: Disposable?]) in
      state.isDisposed = true
      defer {
        state.outerSubscription = nil
        state.current = nil
        state.active = [:]
        state.waiting = FIFO()
      }
      return (state.outerSubscription, state.current, state.active)
    }
    outer?.dispose()
    current?.dispose()
    for number in active.keys.sorted() { active[number]??.dispose() }
  }
}
