import Synchronization

/// The delivery engine behind every subject: serializes sends, subscriptions and
/// removals from any thread, re-entrant ones included, into one ordered stream.
///
/// `work` counts items not yet processed. Whoever raises it from zero owns delivery
/// and drains the queue; everyone else queues and returns. Owner-only state
/// (`observers`, `buffer`, `terminal`) is touched only by the owner, and ownership is
/// handed over through `work`'s acquire/release ordering, so an uncontended send costs
/// two compare-and-swaps and no lock. User code always runs with no lock held.
final class SubjectCore<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: see the type comment; `queue` is inside the Mutex, the rest is atomic
  // or owner-only.

  typealias Entry = (key: Int, observer: Observer<Value, Failure>)

  // @unchecked: items carry user values from one thread to the owner; the queue's
  // Mutex orders that hand-over.
  private enum Item: @unchecked Sendable {
    case event(Event<Value, Failure>)
    case attach(Entry)
    case detach(Int)
  }

  private let work = Atomic<Int>(0)
  private let queue = Mutex(FIFO<Item>())
  private let nextKey = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  private let bufferSize: Int

  // Owner-only state.
  private var observers = ContiguousArray<Entry>()
  private var buffer = FIFO<Value>()
  private var bufferCount = 0
  private var terminal: Event<Value, Failure>?

  /// - Parameter bufferSize: how many of the latest values a new observer is sent
  ///   first: 0 for a publish subject, 1 for a behavior subject.
  init(bufferSize: Int, initial: Value? = nil) {
    self.bufferSize = bufferSize
    if let initial, bufferSize > 0 {
      buffer.push(initial)
      bufferCount = 1
    }
    LiveObjects.track()
  }

  deinit { LiveObjects.untrack() }

  /// Whether a terminal event has been sent.
  var isStopped: Bool { stopped.load(ordering: .acquiring) }

  func send(_ event: Event<Value, Failure>) {
    if event.isTerminal {
      guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    } else if stopped.load(ordering: .relaxed) {
      return
    }
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      process(.event(event))
      finishOwnedItem()
    } else {
      enqueue(.event(event))
    }
  }

  /// Adds an observer (after sending it the buffered values, or the terminal event);
  /// returns a disposable that removes it.
  func attach(_ observer: Observer<Value, Failure>) -> Disposable {
    let key = nextKey.add(1, ordering: .relaxed).oldValue
    submit(.attach((key, observer)))
    return AnyDisposable { [weak self] in self?.detach(key) }
  }

  private func detach(_ key: Int) {
    submit(.detach(key))
  }

  private func submit(_ item: Item) {
    if work.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged {
      process(item)
      finishOwnedItem()
    } else {
      enqueue(item)
    }
  }

  /// Queues an item; if nobody owns delivery any more, takes ownership and drains.
  private func enqueue(_ item: Item) {
    if case .detach(let key) = item {
      // A subscription disposed before its attach was processed: cancel the attach.
      let cancelled = queue.withLock { queue in
        queue.removeFirst { if case .attach(let entry) = $0 { entry.key == key } else { false } }
      }
      if cancelled { return }
    }
    queue.withLock { $0.push(item) }
    if work.add(1, ordering: .acquiringAndReleasing).oldValue == 0 {
      drain()
    }
  }

  /// Called by the owner after processing the item it counted; drains what others
  /// queued meanwhile.
  @inline(__always)
  private func finishOwnedItem() {
    if work.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing).exchanged {
      return
    }
    if work.subtract(1, ordering: .acquiringAndReleasing).newValue > 0 {
      drain()
    }
  }

  /// Processes queued items until `work` falls to zero. Every counted item was queued
  /// before it was counted, so the queue is never empty while `work` is positive.
  private func drain() {
    repeat {
      guard let item = queue.withLock({ $0.pop() }) else { continue }
      process(item)
    } while work.subtract(1, ordering: .acquiringAndReleasing).newValue > 0
  }

  private func process(_ item: Item) {
    switch item {
    case .event(let event):
      deliver(event)
    case .attach(let entry):
      if bufferCount > 0 {
        var replay = buffer
        while let value = replay.pop() { entry.observer.action(.next(value)) }
      }
      if let terminal {
        entry.observer.action(terminal)
      } else {
        observers.append(entry)
      }
    case .detach(let key):
      if let index = observers.firstIndex(where: { $0.key == key }) {
        observers.remove(at: index)
      }
    }
  }

  @inline(__always)
  private func deliver(_ event: Event<Value, Failure>) {
    guard terminal == nil else { return }
    switch event {
    case .next(let value):
      if bufferSize > 0 {
        buffer.push(value)
        if bufferCount == bufferSize { _ = buffer.pop() } else { bufferCount += 1 }
      }
      // Observers attached re-entrantly are queued, so this array is stable here.
      for entry in observers { entry.observer.action(event) }
    case .failed, .completed:
      terminal = event
      let finished = observers
      observers = []
      for entry in finished { entry.observer.action(event) }
    }
  }
}
