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
      FlattenSink.start(self, strategy, transform, observer, lifetime)
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
    /// `.concat`: the outer signal's start has not returned yet.
    @usableFromInline var isStartingOuter = true
    /// `.concat`: an inner whose start waits for the outer's next event (or the end of
    /// its start), so that if that event is the completion, the inner is known to be the
    /// last and gets the downstream itself. Only while the outer is being started, on
    /// the thread starting it, and only where nothing the user can see runs meanwhile
    /// (`deferringThread`). Set: no inner is subscribed, none waits, `innerActive`.
    @usableFromInline var pending: Signal<Inner, Failure>?
    /// `.concat`: the last inner, chosen to be started with our downstream observer
    /// and lifetime (`startHandedOver`), not yet started.
    @usableFromInline var tail: Signal<Inner, Failure>?
    /// `.concat`: the last inner was started with our downstream observer and lifetime;
    /// `current` is its subscription, and we deliver nothing more.
    @usableFromInline var handedOver = false

    @inlinable
    init() {}

    @inlinable
    var acceptsInner: Bool { !outbox.isFinished && !outerDone }
  }

  @usableFromInline let strategy: FlattenStrategy
  @usableFromInline let observer: Observer<Inner, Failure>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let transform: (Outer) throws(Failure) -> Signal<Inner, Failure>
  @usableFromInline let state = Locked(State())
  /// `.concat`: the thread whose start of the outer signal may defer inner starts (see
  /// `State.pending`), or 0 when this subscription never defers.
  @usableFromInline let deferringThread: UInt
  /// `.concat`: whether the outer signal is user code, whose later events must not
  /// overtake a deferred start (the transform runs only after it); false for `concat`'s
  /// own sequence of signals.
  @usableFromInline let outerIsUserCode: Bool
  /// `.concat`: the tail-start loop this subscription was started from, if any, where
  /// its own tail start may be queued (see `TailRun`).
  @usableFromInline let tailRun: TailRun?

  @usableFromInline let liveObject = LiveObjects.track()

  @usableFromInline
  init(
    _ strategy: FlattenStrategy, _ observer: Observer<Inner, Failure>, _ lifetime: Lifetime,
    _ transform: @escaping (Outer) throws(Failure) -> Signal<Inner, Failure>,
    outerIsUserCode: Bool
  ) {
    self.strategy = strategy
    self.observer = observer
    self.lifetime = lifetime
    self.transform = transform
    self.outerIsUserCode = outerIsUserCode
    if case .concat = strategy {
      tailRun = TailRun.matching(lifetime)
      deferringThread = outerIsUserCode && tailRun == nil ? 0 : currentThreadID()
    } else {
      tailRun = nil
      deferringThread = 0
    }
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Starts `outer` for a new subscription and returns its disposable, the sink.
  ///
  /// The outer signal is started (not subscribed) with our lifetime, so a synchronous
  /// outer such as `Signal.from(0...)` stops when our subscriber leaves; the sink guards
  /// its events and disposes it once, itself.
  @inlinable
  static func start(
    _ outer: Signal<Outer, Failure>, _ strategy: FlattenStrategy,
    _ transform: @escaping (Outer) throws(Failure) -> Signal<Inner, Failure>,
    _ observer: Observer<Inner, Failure>, _ lifetime: Lifetime, outerIsUserCode: Bool = true
  ) -> FlattenSink {
    let sink = FlattenSink(
      strategy, observer, lifetime, transform, outerIsUserCode: outerIsUserCode)
    sink.attachOuter(outer.start(Observer { sink.receiveOuter($0, lifetime) }, lifetime))
    return sink
  }

  // MARK: Outer signal

  @inlinable
  func receiveOuter(_ event: Event<Outer, Failure>, _ lifetime: Lifetime) {
    switch event {
    case .next(let value):
      guard !lifetime.hasEnded, accept() else { return }
      // A deferred start goes before user code (the transform) runs.
      if deferringThread != 0, outerIsUserCode { startPending() }
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
      // A deferred inner runs first, as it would have before the failure arrived.
      if deferringThread != 0 { startPending() }
      admitAndDeliver(.failed(error))
    case .completed:
      let (subscription, admitted, pending, handsOver, last) = state.withLock {
        state -> (Disposable?, Event<Inner, Failure>?, Signal<Inner, Failure>?, Bool, Disposable?)
        in
        guard !state.outerDone else { return (nil, nil, nil, false, nil) }
        state.outerDone = true
        let subscription = state.outerSubscription
        state.outerSubscription = nil
        let idle =
          switch strategy {
          case .latest, .concat, .first: !state.innerActive
          case .merge: state.active.isEmpty
          case .concurrent: state.active.isEmpty && state.waiting.isEmpty
          }
        // The deferred inner is the last one: it gets our downstream, unless an
        // earlier delivery is still in progress (then it is subscribed as usual).
        let pending = state.pending
        state.pending = nil
        if let pending, !state.outbox.queue.isDraining {
          state.tail = pending
          return (subscription, nil, nil, true, nil)
        }
        // `.concat` with its last inner running: we only forward from now on.
        let last =
          if case .concat = strategy, !idle, pending == nil, state.waiting.isEmpty {
            state.current
          } else {
            nil as Disposable?
          }
        return (
          subscription, idle ? state.outbox.admit(.completed) : nil, pending, false, last
        )
      }
      subscription?.dispose()
      if let event = admitted { state.deliver(event, to: observer) }
      if let pending { runConcat(pending) }
      // Its relay takes us out of the path at its next event (see `ConcatRelayBase`).
      if let relay = last as? ConcatRelay<Outer, Inner, Failure> { relay.askToCollapse() }
      // Still inside the outer's start, which returns to ours: queued, when started
      // from a tail-start loop, so that this start does not nest in the ones above.
      if handsOver { TailRun.start(self, queuedIn: tailRun, lifetime) }
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
    let (rejected, pending) = state.withLock { state in
      state.isStartingOuter = false
      let pending = state.pending
      state.pending = nil
      if state.isDisposed || state.outerDone { return (true, pending) }
      state.outerSubscription = subscription
      return (false, pending)
    }
    if rejected { subscription.dispose() } else if let pending { runConcat(pending) }
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
    let (start, pending) = state.withLock {
      state -> (Signal<Inner, Failure>?, Signal<Inner, Failure>?) in
      guard state.acceptsInner else { return (nil, nil) }
      if state.innerActive {
        state.waiting.push(inner)
        // The deferred one is not the last: it starts now, and `inner` after it.
        let pending = state.pending
        state.pending = nil
        return (nil, pending)
      }
      state.innerActive = true
      if isDeferring(state) {
        state.pending = inner
        return (nil, nil)
      }
      return (inner, nil)
    }
    if let signal = start ?? pending { runConcat(signal) }
  }

  /// Whether an inner start may wait for the outer's next event: on the thread
  /// starting the outer signal, before that start returned.
  @inlinable
  func isDeferring(_ state: borrowing State) -> Bool {
    deferringThread != 0 && state.isStartingOuter && deferringThread == currentThreadID()
  }

  /// Starts the deferred inner, if any, before the outer's next event is handled.
  @inlinable
  func startPending() {
    let pending = state.withLock { state in
      defer { state.pending = nil }
      return state.pending
    }
    if let pending { runConcat(pending) }
  }

  /// What `runConcat` does after an inner's `subscribe` returned.
  @usableFromInline
  enum ConcatStep {
    case keep
    case start(Signal<Inner, Failure>)
    case handOver
    case done(Event<Inner, Failure>?)
  }

  /// Takes the inner after one that completed: the next waiting one, deferred (see
  /// `State.pending`) or chosen as the tail when it is the last, or none.
  @inlinable
  func following(_ state: inout State) -> ConcatStep {
    guard let following = state.waiting.pop() else {
      state.innerActive = false
      return .done(state.outerDone ? state.outbox.admit(.completed) : nil)
    }
    if state.waiting.isEmpty {
      if state.outerDone, !state.outbox.queue.isDraining {
        state.tail = following
        return .handOver
      }
      if isDeferring(state) {
        state.pending = following
        return .done(nil)
      }
    }
    return .start(following)
  }

  /// Subscribes `first`, and then, for as long as each one completes before its
  /// `subscribe` returns, the next waiting one: a loop rather than a recursion, so a
  /// long run of synchronous signals uses constant stack (a trampoline).
  ///
  /// The inner's guard is kept before the inner starts, so disposing this sink reaches
  /// an inner that is still starting (a synchronous pager whose subscriber leaves
  /// halfway): its lifetime ends, and producers that check it stop.
  @inlinable
  func runConcat(_ first: Signal<Inner, Failure>) {
    var next: Signal<Inner, Failure>? = first
    while let signal = next {
      next = nil
      let subscription = ConcatRelay(self)
      let disposed = state.withLock { state in
        state.isSubscribing = true
        state.completedWhileSubscribing = false
        state.current = subscription
        return state.isDisposed
      }
      if disposed {
        subscription.dispose()
        return
      }
      subscription.start(signal)
      let step = state.withLock { state -> ConcatStep in
        state.isSubscribing = false
        if state.isDisposed { return .done(nil) }
        guard state.completedWhileSubscribing else { return .keep }
        state.current = nil
        return following(&state)
      }
      switch step {
      case .keep: continue
      case .start(let following):
        subscription.dispose()
        next = following
      case .handOver:
        subscription.dispose()
        TailRun.start(self, queuedIn: nil, lifetime)
      case .done(let admitted):
        subscription.dispose()
        if let event = admitted { state.deliver(event, to: observer) }
      }
    }
  }

  @inlinable
  func receiveConcat(_ event: Event<Inner, Failure>) {
    guard case .completed = event else {
      admitAndDeliver(event)
      // The downstream ended during the delivery, but cannot dispose us yet: we are
      // still inside our own start (a synchronous pager under `take(n)`). Stop the
      // inner now, as the downstream would, rather than run it to its end for nothing.
      if lifetime.hasEnded { dispose() }
      return
    }
    let (finished, step) = state.withLock { state -> (Disposable?, ConcatStep) in
      if state.isSubscribing {
        // `runConcat` is still inside this inner's `subscribe`: it takes the next one.
        state.completedWhileSubscribing = true
        return (nil, .keep)
      }
      let finished = state.current
      state.current = nil
      if state.isDisposed { return (finished, .keep) }
      return (finished, following(&state))
    }
    _ = finished  // released here, outside the lock
    switch step {
    case .keep: break
    case .start(let following): runConcat(following)
    case .handOver: TailRun.start(self, queuedIn: nil, lifetime)
    case .done(let admitted):
      if let event = admitted { state.deliver(event, to: observer) }
    }
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
        state.pending = nil
        state.tail = nil
      }
      return (state.outerSubscription, state.current, state.active)
    }
    outer?.dispose()
    current?.dispose()
    for number in active.keys.sorted() { active[number]??.dispose() }
  }
}

// MARK: Handing over the last inner

extension FlattenSink: TailHandover {
  /// Starts the chosen last inner with our own downstream observer and lifetime: its
  /// events then reach the downstream directly, not through this sink (nothing else can
  /// send: the outer completed, no inner is left, no delivery is in progress), and its
  /// subscription ends with the downstream's. Disposing this sink disposes it.
  @usableFromInline
  func startHandedOver() -> Disposable? {
    let tail = state.withLock { state in
      defer { state.tail = nil }
      if state.isDisposed || lifetime.hasEnded { return nil as Signal<Inner, Failure>? }
      if state.tail != nil { state.handedOver = true }
      return state.tail
    }
    return tail?.start(observer, lifetime)
  }

  @usableFromInline
  func handedOverSubscription() -> AnyObject? {
    state.withLock { state in
      state.handedOver && !state.isDisposed ? state.current : nil
    }
  }

  @usableFromInline
  func keepHandedOver(_ subscription: Disposable) {
    let rejected = state.withLock { state in
      if state.isDisposed { return true }
      state.current = subscription
      return false
    }
    if rejected { subscription.dispose() }
  }

  @usableFromInline
  func replaceHandedOver(_ old: AnyObject, with new: Disposable) -> TailReplacement {
    state.withLock { state in
      if state.isDisposed { return .disposed }
      guard state.current === old else { return .notHeld }
      state.current = new
      return .replaced
    }
  }
}
