import Synchronization

/// The delivery engine behind every subject: serializes sends, subscriptions and
/// removals from any thread, re-entrant ones included, into one ordered stream.
///
/// `work` counts items not yet processed. Whoever raises it from zero owns delivery
/// and drains the queue; everyone else queues and returns. Owner-only state
/// (`observers`, `buffer`, `terminal`) is touched only by the owner, and ownership is
/// handed over through `work`'s acquire/release ordering, so an uncontended send costs
/// two compare-and-swaps and no lock. User code always runs with no lock held.
@usableFromInline
final class SubjectCore<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: see the type comment; `queue` is inside the Mutex, the rest is atomic
  // or owner-only.

  @usableFromInline
  typealias Entry = (key: Int, observer: Observer<Value, Failure>)

  /// An attached observer. The owner keeps these retained by hand (`Unmanaged`) so that
  /// delivery can call them through a guaranteed reference, with no retain/release per
  /// observer per event.
  @usableFromInline
  final class Attached {
    @usableFromInline let key: Int
    @usableFromInline let observer: Observer<Value, Failure>

    @inlinable
    init(_ entry: Entry) {
      key = entry.key
      observer = entry.observer
    }
  }

  // @unchecked: items carry user values from one thread to the owner; the queue's
  // Mutex orders that hand-over.
  @usableFromInline
  enum Item: @unchecked Sendable {
    case event(Event<Value, Failure>)
    case attach(Entry)
    case detach(Int)
  }

  @usableFromInline let work = Atomic<Int>(0)
  @usableFromInline let queue = Mutex(FIFO<Item>())
  @usableFromInline let nextKey = Atomic<Int>(0)
  @usableFromInline let stopped = Atomic<Bool>(false)
  @usableFromInline let bufferSize: Int
  /// The thread that owns delivery now, or 0: lets a long queue push back on other
  /// threads' sends without ever blocking the owner's own re-entrant sends.
  @usableFromInline let ownerThread = Atomic<UInt>(0)

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
    @usableFromInline var observers = ContiguousArray<Unmanaged<Attached>>()
    @usableFromInline var buffer = FIFO<Value>()
    @usableFromInline var terminal: Event<Value, Failure>?

    @inlinable
    init() {}
  }

  @usableFromInline let owned: UnsafeMutablePointer<Owned>

  /// The latest delivered value, readable from any thread; only behavior subjects keep it.
  @usableFromInline let latest: Mutex<UncheckedSendable<Value?>>?

  /// - Parameter bufferSize: how many of the latest values a new observer is sent
  ///   first: 0 for a publish subject, 1 for a behavior subject.
  @inlinable
  init(bufferSize: Int, initial: Value? = nil, tracksLatest: Bool = false) {
    self.bufferSize = bufferSize
    latest = tracksLatest ? Mutex(UncheckedSendable(initial)) : nil
    owned = .allocate(capacity: 1)
    owned.initialize(to: Owned())
    if let initial, bufferSize > 0 {
      owned.pointee.buffer.push(initial)
    }
    LiveObjects.track()
  }

  @inlinable
  deinit {
    for attached in owned.pointee.observers { attached.release() }
    owned.deinitialize(count: 1)
    owned.deallocate()
    LiveObjects.untrack()
  }

  /// The latest delivered value (or the initial one), when `tracksLatest` was set.
  @inlinable
  var latestValue: Value? { latest?.withLock { $0.value } }

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
  /// returns a disposable that removes it.
  @inlinable
  func attach(_ observer: Observer<Value, Failure>) -> Disposable {
    let key = nextKey.add(1, ordering: .relaxed).oldValue
    submit(.attach((key, observer)))
    return AnyDisposable { [weak self] in self?.detach(key) }
  }

  @inlinable
  func detach(_ key: Int) {
    submit(.detach(key))
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

  /// Called by the owner after processing the item it counted; drains what others
  /// queued meanwhile.
  @inlinable
  func finishOwnedItem() {
    ownerThread.store(0, ordering: .relaxed)
    if work.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing).exchanged {
      return
    }
    if work.subtract(1, ordering: .acquiringAndReleasing).newValue > 0 {
      drain()
    }
  }

  /// Processes queued items until `work` falls to zero. Every counted item was queued
  /// before it was counted, so the queue is never empty while `work` is positive.
  @inlinable
  func drain() {
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
    case .attach(let entry):
      // Sends during the replay are queued behind this item, so the buffer holds still.
      owned.pointee.buffer.forEach { entry.observer.action(.next($0)) }
      if let terminal = owned.pointee.terminal {
        entry.observer.action(terminal)
      } else {
        owned.pointee.observers.append(Unmanaged.passRetained(Attached(entry)))
      }
    case .detach(let key):
      let index = owned.pointee.observers.firstIndex {
        $0._withUnsafeGuaranteedRef { $0.key == key }
      }
      if let index { owned.pointee.observers.remove(at: index).release() }
    }
  }

  @inlinable
  func deliver(_ event: Event<Value, Failure>) {
    guard owned.pointee.terminal == nil else { return }
    switch event {
    case .next(let value):
      latest?.withLock { $0 = UncheckedSendable(value) }
      if bufferSize > 0 {
        owned.pointee.buffer.push(value)
        if owned.pointee.buffer.count > bufferSize { _ = owned.pointee.buffer.pop() }
      }
      // Attaches and detaches submitted during delivery are queued behind this event,
      // so the array cannot change while we walk it.
      let count = owned.pointee.observers.count
      var index = 0
      while index < count {
        owned.pointee.observers[index]._withUnsafeGuaranteedRef { $0.observer.action(event) }
        index += 1
      }
    case .failed, .completed:
      owned.pointee.terminal = event
      let finished = owned.pointee.observers
      owned.pointee.observers = []
      for attached in finished {
        attached._withUnsafeGuaranteedRef { $0.observer.action(event) }
        attached.release()
      }
    }
  }
}
