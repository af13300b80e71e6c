import Reactive

/// A hot signal for tests: its events happen at absolute virtual times whether or not
/// anyone subscribes; it records every subscription's start and end.
public final class HotSignal<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: the subject is thread-safe; `records` is inside the lock.
  private let subject = PublishSubject<Value, Failure>()
  private let scheduler: TestScheduler
  private let records = Locked<[Subscription]>([])

  init(scheduler: TestScheduler, events: [Recorded<Value, Failure>]) {
    self.scheduler = scheduler
    for recorded in events {
      let subject = self.subject
      let event = UncheckedSendable(recorded)
      scheduler.schedule(at: recorded.time) { subject.on(event.value.event) }
    }
  }

  /// When each subscription started and ended.
  public var subscriptions: [Subscription] { records.withLock { $0 } }

  /// The signal to subscribe to.
  public var signal: Signal<Value, Failure> {
    Signal { [self] observer in
      let index = records.withLock { records in
        records.append(Subscription(scheduler.clock))
        return records.count - 1
      }
      let inner = subject.signal.subscribe(observer)
      return AnyDisposable { [self] in
        inner.dispose()
        records.withLock { records in
          records[index] = Subscription(records[index].subscribe, scheduler.clock)
        }
      }
    }
  }
}

/// A cold signal for tests: each subscription replays its events at times relative to
/// when it subscribed; it records every subscription's start and end.
public final class ColdSignal<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: `records` is inside the lock; events are immutable.
  private let scheduler: TestScheduler
  private let events: [UncheckedSendable<Recorded<Value, Failure>>]
  private let records = Locked<[Subscription]>([])

  init(scheduler: TestScheduler, events: [Recorded<Value, Failure>]) {
    self.scheduler = scheduler
    self.events = events.map(UncheckedSendable.init)
  }

  /// When each subscription started and ended.
  public var subscriptions: [Subscription] { records.withLock { $0 } }

  /// The signal to subscribe to.
  public var signal: Signal<Value, Failure> {
    Signal { [self] observer in
      let start = scheduler.clock
      let index = records.withLock { records in
        records.append(Subscription(start))
        return records.count - 1
      }
      let scheduled = CompositeDisposable()
      for recorded in events {
        scheduled.add(
          scheduler.schedule(at: start + recorded.value.time) {
            observer.on(recorded.value.event)
          })
      }
      return AnyDisposable { [self] in
        scheduled.dispose()
        records.withLock { records in
          records[index] = Subscription(records[index].subscribe, scheduler.clock)
        }
      }
    }
  }
}

extension TestScheduler {
  /// A hot signal whose events happen at the given absolute times.
  public func createHotSignal<Value, Failure: Error>(
    _ events: [Recorded<Value, Failure>]
  ) -> HotSignal<Value, Failure> {
    HotSignal(scheduler: self, events: events)
  }

  /// A cold signal whose events happen at the given times after each subscription.
  public func createColdSignal<Value, Failure: Error>(
    _ events: [Recorded<Value, Failure>]
  ) -> ColdSignal<Value, Failure> {
    ColdSignal(scheduler: self, events: events)
  }

  /// A recording observer on this scheduler's clock.
  public func createObserver<Value, Failure: Error>(
    _ type: Value.Type = Value.self, _ failure: Failure.Type = Failure.self
  ) -> TestableObserver<Value, Failure> {
    TestableObserver(scheduler: self)
  }

  /// The RxTest harness: makes the signal at `created`, subscribes at `subscribed`,
  /// disposes at `disposed`, runs the clock to the end, and returns what was recorded.
  public func start<Value, Failure: Error>(
    created: Int = 100, subscribed: Int = 200, disposed: Int = 1000,
    _ create: @escaping () -> Signal<Value, Failure>
  ) -> TestableObserver<Value, Failure> {
    let observer = TestableObserver<Value, Failure>(scheduler: self)
    var signal: Signal<Value, Failure>?
    var subscription: Disposable?
    schedule(at: created) { signal = create() }
    schedule(at: subscribed) { subscription = signal?.subscribe(observer.observer) }
    schedule(at: disposed) { subscription?.dispose() }
    run()
    signal = nil
    subscription = nil
    return observer
  }
}
