import Synchronization

/// `observe(on:)` and `subscribe(on:)`: which scheduler events and subscriptions run on.
extension Signal {
  /// Delivers every event on `scheduler`, in the order the source sent them (RAC's
  /// `deliverOn:`).
  ///
  /// Events are queued and delivered by one scheduled action at a time, so the order
  /// holds even on a scheduler that runs actions concurrently. That action takes every
  /// event queued so far in one step and delivers them as a batch, so a fast producer
  /// costs one lock per event and one scheduled action per batch. Disposing drops the
  /// events still waiting: none of them is delivered afterwards.
  @inlinable
  public func observe(on scheduler: Scheduler) -> Signal {
    Signal { observer in
      let delivery = ObserveOnDelivery(observer, on: scheduler)
      let upstream = self.subscribe(Observer { delivery.enqueue($0) })
      return CompositeDisposable([upstream, delivery])
    }
  }

  /// Subscribes to the source on `scheduler`, and disposes that subscription on
  /// `scheduler` too (RAC's `subscribeOn:`): for sources whose start and stop must run on
  /// one thread, such as GTK objects on the main loop.
  ///
  /// Events are not moved: they arrive wherever the source sends them (combine with
  /// `observe(on:)` for that). Disposing before the scheduler ran the subscription
  /// cancels it.
  public func subscribe(on scheduler: Scheduler) -> Signal {
    Signal { observer in
      let upstream = SerialDisposable()
      let start = scheduler.schedule { upstream.inner = self.subscribe(observer) }
      return AnyDisposable {
        start.dispose()
        scheduler.schedule { upstream.dispose() }
      }
    }
  }

  /// Subscribes to the source on `scheduler` like `subscribe(on:)`, but disposes in
  /// place: at once, on the thread that disposes.
  ///
  /// For sources that may be stopped from any thread, such as work that checks its
  /// `Lifetime` as it goes (a decoder between two chunks of a file): disposing reaches
  /// work already running on `scheduler` instead of queueing the stop behind it, and
  /// work not yet started never starts.
  public func start(on scheduler: Scheduler) -> Signal {
    Signal { observer, lifetime in
      let upstream = SerialDisposable()
      // The source runs with this subscription's own lifetime, so a producer busy in
      // its start closure sees the disposal at once (the operator is 1:1: the source
      // lives exactly as long as this subscription).
      let start = scheduler.schedule { upstream.inner = self.start(observer, lifetime) }
      return CompositeDisposable([start, upstream])
    }
  }
}

/// The queue between a source and the scheduler of one `observe(on:)` subscription.
@usableFromInline
final class ObserveOnDelivery<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: the queue is inside the lock, `isDisposed` is atomic, the rest is
  // immutable; a batch is touched only by the one delivery action running.

  /// Events not yet taken by a delivery action; "draining" means a delivery action is
  /// scheduled or running.
  @usableFromInline let state = Locked(SerialDrain<Event<Value, Failure>>())
  @usableFromInline let isDisposed = Atomic<Bool>(false)
  @usableFromInline let observer: Observer<Value, Failure>
  @usableFromInline let scheduler: Scheduler

  @usableFromInline let liveObject = LiveObjects.track()

  @inlinable
  init(_ observer: Observer<Value, Failure>, on scheduler: Scheduler) {
    self.observer = observer
    self.scheduler = scheduler
  }

  @inlinable
  deinit { LiveObjects.untrack(liveObject) }

  /// Queues an event; schedules a delivery action unless one is already scheduled.
  @inlinable
  func enqueue(_ event: Event<Value, Failure>) {
    if isDisposed.load(ordering: .relaxed) { return }
    let schedules: Bool = state.withLock { queue in
      queue.push(event)
      return queue.claim()
    }
    if schedules { scheduler.schedule { [self] in deliver() } }
  }

  /// Runs on the scheduler: takes the whole queue in one step and delivers it, until the
  /// queue is found empty or this is disposed.
  @inlinable
  func deliver() {
    // The two buffers trade places: the source fills one while this delivers the
    // other, so neither allocates once both have grown.
    var batch = FIFO<Event<Value, Failure>>()
    while state.withLock({ $0.nextBatch(into: &batch) }) {
      // By index, not `pop()`: the batch is emptied in one step afterwards.
      for index in batch.head..<batch.storage.count {
        guard !isDisposed.load(ordering: .relaxed) else { break }
        observer.action(batch.storage[index]!)
      }
      batch.removeAll()
    }
  }

  @inlinable
  func dispose() {
    guard !isDisposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let dropped = state.withLock { $0.removeAll() }
    _ = dropped  // released outside the lock
  }
}
