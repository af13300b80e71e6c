import Synchronization

/// The delivery engine behind every subject: serializes sends, subscriptions and
/// removals from any thread, re-entrant ones included, into one ordered stream.
///
/// `work` counts items not yet processed. Whoever raises it from zero owns delivery
/// and drains the queue; everyone else queues and returns. Owner-only state
/// (the observer slots, `buffer`, `terminal`) is touched only by the owner, and ownership is
/// handed over through `work`'s acquire/release ordering, so an uncontended send costs
/// two compare-and-swaps and no lock. User code always runs with no lock held.
///
/// The observer slots, the ownership counter and detaching live in the non-generic
/// `SubjectCoreBase`, so a dispose (always called through the `Disposable` existential,
/// never specialized) costs no generic metadata look-ups.
@usableFromInline
final class SubjectCore<Value, Failure: Error>: SubjectCoreBase, @unchecked Sendable {
  // @unchecked: see the type comment; `queue` is inside the lock, the rest is atomic
  // or owner-only.

  /// An attached observer; `observer` is a `let` so that delivery calls it through the
  /// slot's guaranteed reference with no retain/release.
  @usableFromInline
  final class Attached: AttachedObserver, @unchecked Sendable {
    @usableFromInline let observer: Observer<Value, Failure>

    @inlinable
    init(_ observer: Observer<Value, Failure>, _ core: SubjectCoreBase, _ lifetime: Lifetime) {
      self.observer = observer
      super.init(core, lifetime)
    }
  }

  // @unchecked: items carry user values from one thread to the owner; the queue's
  // lock orders that hand-over.
  @usableFromInline
  enum Item: @unchecked Sendable {
    case event(Event<Value, Failure>)
    case attach(Attached)
    case detach(AttachedObserver)
    case close
  }

  /// What `reserve(_:)` decided for an event; `complete(_:_:)` acts on it.
  @usableFromInline
  enum Reservation: Sendable {
    /// The caller owns delivery and must deliver the event.
    case owner
    /// The event is queued and nobody owns delivery: the caller must drain.
    case drain
    /// The event is queued for the current owner, or was dropped (stopped subject).
    case none
  }

  @usableFromInline let queue = Locked(FIFO<Item>())
  @usableFromInline let stopped = Atomic<Bool>(false)
  /// How many values are replayed (`holdsLast`: -1, see `init`).
  @usableFromInline let bufferSize: Int
  /// The `bufferSize` of an async subject's core: values are kept, not delivered, until
  /// completion.
  @inlinable
  static var holdsLast: Int { -1 }

  /// Above this many unprocessed items, threads other than the owner wait before
  /// returning from a send, so a flood from several threads cannot grow the queue
  /// without bound.
  @inlinable
  static var backpressureLimit: Int { 1 << 14 }

  /// State only the delivery owner touches. It lives behind a pointer because the
  /// ownership protocol already makes access exclusive, and class `var`s would pay a
  /// dynamic exclusivity check on every event.
  @usableFromInline
  struct Owned {
    /// The replay of a behavior subject (`bufferSize` 1): one slot, no queue.
    @usableFromInline var last: Value?
    /// The replay of a replay subject (`bufferSize` above 1).
    @usableFromInline var buffer = FIFO<Value>()
    @usableFromInline var terminal: Event<Value, Failure>?

    @inlinable
    init() {}
  }

  @usableFromInline let owned: UnsafeMutablePointer<Owned>

  /// The latest delivered value, readable from any thread; only behavior subjects keep it
  /// (`tracksLatest`). Not an optional `Locked`: Swift 6.3 crashes storing the enum tag
  /// of an `Optional` of that non-copyable generic struct (in
  /// `swift_storeEnumTagSinglePayloadGeneric`).
  @usableFromInline let latest: Locked<Value?>
  @usableFromInline let tracksLatest: Bool

  @usableFromInline let liveObject = LiveObjects.track()

  /// - Parameter bufferSize: how many of the latest values a new observer is sent
  ///   first: 0 for a publish subject, 1 for a behavior subject; `holdsLast` for an
  ///   async subject, which delivers no value before completion, then only the last
  ///   (to its observers then and to every later one).
  @inlinable
  init(bufferSize: Int, initial: Value? = nil, tracksLatest: Bool = false) {
    self.bufferSize = bufferSize
    latest = Locked(tracksLatest ? initial : nil)
    self.tracksLatest = tracksLatest
    owned = .allocate(capacity: 1)
    owned.initialize(to: Owned())
    if let initial, bufferSize == 1 || bufferSize > 1 {
      if bufferSize == 1 {
        owned.pointee.last = initial
      } else {
        owned.pointee.buffer.push(initial)
      }
    }
    super.init()
  }

  @inlinable
  deinit {
    owned.deinitialize(count: 1)
    owned.deallocate()
    LiveObjects.untrack(liveObject)
  }

  /// The latest delivered value (or the initial one), when `tracksLatest` was set.
  @inlinable
  var latestValue: Value? { tracksLatest ? latest.withLock { $0 } : nil }

  /// Whether a terminal event has been sent.
  @inlinable
  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  @inlinable
  func send(_ event: Event<Value, Failure>) {
    if event.isTerminal {
      guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    } else if stopped.load(ordering: .relaxed) {
      return
    }
    submit(.event(event))
  }

  /// Adds an observer (after sending it the buffered values, or the terminal event);
  /// it is removed when `lifetime` ends, or when the returned disposable is disposed.
  ///
  /// The subscription of `lifetime` usually takes the observer as its link, and then
  /// nothing needs disposing: the result is `Disposables.empty`, which a guard does not
  /// even store (see `AttachedObserver`).
  @inlinable
  func attach(_ observer: Observer<Value, Failure>, _ lifetime: Lifetime) -> Disposable {
    let attached = Attached(observer, self, lifetime)
    // Attached first, linked second: a lifetime found ended while linking detaches at
    // once, and that detach must come after the attach.
    submit(.attach(attached))
    return lifetime.token.link(attached) ? Disposables.empty : SubjectHandle(attached)
  }

  /// The first half of a send for a caller that must order it with its own state (a
  /// `MutableProperty` under its lock): takes delivery ownership, or queues the event.
  /// Call `complete(_:_:)` with the result after releasing that lock. Runs no user
  /// code; never waits for backpressure.
  @inlinable
  func reserve(_ event: Event<Value, Failure>) -> Reservation {
    if event.isTerminal {
      guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return .none }
    } else if stopped.load(ordering: .relaxed) {
      return .none
    }
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      return .owner
    }
    queue.withLock { $0.push(.event(event)) }
    return work.add(1, ordering: .acquiringAndReleasing).oldValue == 0 ? .drain : .none
  }

  /// Queues an event (for a caller holding its own lock, like `reserve(_:)`); returns
  /// whether the caller must call `drain()` after releasing that lock.
  @inlinable
  func enqueueForDrain(_ event: Event<Value, Failure>) -> Bool {
    if stopped.load(ordering: .relaxed) { return false }
    queue.withLock { $0.push(.event(event)) }
    return work.add(1, ordering: .acquiringAndReleasing).oldValue == 0
  }

  /// The second half of a send begun with `reserve(_:)`: delivers `event` if the caller
  /// became the owner, drains if it must.
  @inlinable
  func complete(_ reservation: Reservation, _ event: Event<Value, Failure>) {
    switch reservation {
    case .owner:
      ownerThread.store(currentThreadID(), ordering: .relaxed)
      deliver(event)
      finishOwnedItem()
    case .drain:
      drain()
    case .none:
      break
    }
  }

  @inlinable
  func submit(_ item: Item) {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      ownerThread.store(currentThreadID(), ordering: .relaxed)
      process(item)
      finishOwnedItem()
    } else {
      enqueue(item)
    }
  }

  /// Queues an item; if nobody owns delivery any more, takes ownership and drains.
  @inlinable
  func enqueue(_ item: Item) {
    // A detach is always queued behind its own attach (one thread submits both, in
    // order), so processing in FIFO order adds and then removes the observer.
    queue.withLock { $0.push(item) }
    let pending = work.add(1, ordering: .acquiringAndReleasing).oldValue
    if pending == 0 {
      drain()
    } else if pending > Self.backpressureLimit {
      let me = currentThreadID()
      var attempt = 0
      while work.load(ordering: .relaxed) > Self.backpressureLimit / 2,
        ownerThread.load(ordering: .relaxed) != me
      {
        yieldThread(attempt: attempt)
        attempt += 1
      }
    }
  }

  /// Processes queued items until `work` falls to zero. Every counted item was queued
  /// before it was counted, so the queue is never empty while `work` is positive.
  @inlinable
  override func drain() {
    let me = currentThreadID()
    ownerThread.store(me, ordering: .relaxed)
    while true {
      if let item = queue.withLock({ $0.pop() }) { process(item) }
      // Give up the owner mark before the count can reach zero: once it does, another
      // thread may take ownership and mark itself.
      ownerThread.store(0, ordering: .relaxed)
      if work.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { return }
      ownerThread.store(me, ordering: .relaxed)
    }
  }

  @inlinable
  func process(_ item: Item) {
    switch item {
    case .event(let event):
      deliver(event)
    case .attach(let attached):
      // Sends during the replay are queued behind this item, so the buffer holds still.
      if bufferSize == 1 {
        if let last = owned.pointee.last { attached.observer.action(.next(last)) }
      } else if bufferSize == Self.holdsLast {
        // The kept value is the result, for late observers only once completed.
        if owned.pointee.terminal != nil, let last = owned.pointee.last {
          attached.observer.action(.next(last))
        }
      } else {
        owned.pointee.buffer.forEach { attached.observer.action(.next($0)) }
      }
      if let terminal = owned.pointee.terminal {
        attached.observer.action(terminal)
      } else {
        slots.pointee.append(attached)
      }
    case .detach(let attached):
      slots.pointee.remove(attached)
    case .close:
      slots.pointee.releaseAll()
    }
  }

  @inlinable
  override func enqueueDetach(_ attached: AttachedObserver) {
    enqueue(.detach(attached))
  }

  @inlinable
  override func enqueueClose() {
    enqueue(.close)
  }

  @inlinable
  func deliver(_ event: Event<Value, Failure>) {
    guard owned.pointee.terminal == nil else { return }
    switch event {
    case .next(let value):
      if tracksLatest { latest.withLock { $0 = value } }
      if bufferSize != 0 {
        if bufferSize == 1 {
          owned.pointee.last = value
        } else if bufferSize > 1 {
          owned.pointee.buffer.push(value)
          if owned.pointee.buffer.count > bufferSize { _ = owned.pointee.buffer.pop() }
        } else {
          // `holdsLast`: kept for completion, not delivered.
          owned.pointee.last = value
          return
        }
      }
      // Attaches and detaches submitted during delivery are queued behind this event,
      // so the array cannot change while we walk it.
      let count = slots.pointee.observers.count
      var index = 0
      while index < count {
        if let attached = slots.pointee.observers[index] {
          attached._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: Attached.self).observer.action(event)
          }
        }
        index += 1
      }
    case .failed, .completed:
      if bufferSize == Self.holdsLast { releaseHeld(event) }
      owned.pointee.terminal = event
      for case let attached? in slots.pointee.takeAll() {
        attached._withUnsafeGuaranteedRef {
          $0.index = -1
          // Out of the slots for good: the subscription's link must not keep it (and,
          // through the observer, the subscription itself) any longer.
          $0.lifetime.token.unlink($0)
          unsafeDowncast($0, to: Attached.self).observer.action(event)
        }
        attached.release()
      }
    }
  }

  /// An async subject's terminal event: completion sends the kept value first; a
  /// failure drops it (and no observer gets it, ever). Out of line: the other
  /// subjects' delivery never runs it.
  @usableFromInline @inline(never)
  func releaseHeld(_ event: Event<Value, Failure>) {
    guard case .completed = event, let last = owned.pointee.last else {
      owned.pointee.last = nil
      return
    }
    for case let attached? in slots.pointee.observers {
      attached._withUnsafeGuaranteedRef {
        unsafeDowncast($0, to: Attached.self).observer.action(.next(last))
      }
    }
  }
}
