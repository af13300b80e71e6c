import Synchronization

/// `observe(on:)` and `subscribe(on:)`: which scheduler events and subscriptions run on.
extension Signal {
  /// Delivers every event on `scheduler`, in the order the source sent them (RAC's
  /// `deliverOn:`).
  ///
  /// Events are queued and delivered by one scheduled action at a time, so the order
  /// holds even on a scheduler that runs actions concurrently. Disposing drops the
  /// events still waiting: none of them is delivered afterwards.
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
private final class ObserveOnDelivery<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: mutable state is inside the Mutex; the rest is immutable.

  private struct State: @unchecked Sendable {
    // @unchecked: events move from the source's thread to the scheduler's under the lock.
    var queue = FIFO<Event<Value, Failure>>()
    var isScheduled = false
    var isDisposed = false
  }

  private let state = Mutex(State())
  private let observer: Observer<Value, Failure>
  private let scheduler: Scheduler

  init(_ observer: Observer<Value, Failure>, on scheduler: Scheduler) {
    self.observer = observer
    self.scheduler = scheduler
    LiveObjects.track()
  }

  deinit { LiveObjects.untrack() }

  /// Queues an event; schedules a delivery run unless one is already waiting.
  func enqueue(_ event: Event<Value, Failure>) {
    let schedules: Bool = state.withLock { state in
      guard !state.isDisposed else { return false }
      state.queue.push(event)
      if state.isScheduled { return false }
      state.isScheduled = true
      return true
    }
    if schedules { scheduler.schedule { [self] in deliver() } }
  }

  /// Runs on the scheduler: delivers until the queue is empty or this is disposed.
  private func deliver() {
    while let event = state.withLock({ state -> UncheckedSendable<Event<Value, Failure>>? in
      guard !state.isDisposed, let event = state.queue.pop() else {
        state.isScheduled = false
        return nil
      }
      return UncheckedSendable(event)
    }) {
      observer.action(event.value)
    }
  }

  func dispose() {
    let dropped = state.withLock { state in
      state.isDisposed = true
      defer { state.queue = FIFO() }
      return UncheckedSendable(state.queue)
    }
    _ = dropped  // released outside the lock
  }
}
