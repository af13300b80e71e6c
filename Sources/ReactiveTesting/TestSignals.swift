import Reactive

/// What a hot test signal does with a terminal event for observers that subscribe after
/// it.
public enum HotSignalTerminal: Sendable {
  /// As a subject does (the default): the terminal event ends the signal, and an
  /// observer that subscribes after it is sent it at once and nothing more; events
  /// recorded after it are dropped.
  case endsSignal
  /// As RxTest's hot observable does: every recorded event, terminal or not, goes to the
  /// observers subscribed at its time, and a terminal event ends only their
  /// subscriptions. A later observer gets nothing until the next recorded event, so a
  /// test can record events after a terminal one for observers that subscribe again.
  case endsSubscriptions
}

/// A hot signal for tests: its events happen at absolute virtual times whether or not
/// anyone subscribes; it records every subscription's start and end.
///
/// What a subscriber that comes after a terminal event gets depends on `terminal` (see
/// `HotSignalTerminal`): by default the terminal event at once, as from a subject; with
/// `.endsSubscriptions`, as in RxTest, only the events recorded after it subscribed.
public final class HotSignal<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: the subject is thread-safe; `records` and `observers` are inside locks.
  private let subject = PublishSubject<Value, Failure>()
  private let scheduler: TestScheduler
  private let terminal: HotSignalTerminal
  private let records = Locked<[Subscription]>([])
  /// The observers subscribed now, by subscription number (`.endsSubscriptions` only).
  private let observers = Locked<(next: Int, current: [(Int, Observer<Value, Failure>)])>(
    (0, []))

  init(scheduler: TestScheduler, events: [Recorded<Value, Failure>], terminal: HotSignalTerminal) {
    self.scheduler = scheduler
    self.terminal = terminal
    for recorded in events {
      let event = UncheckedSendable(recorded)
      switch terminal {
      case .endsSignal:
        let subject = self.subject
        scheduler.schedule(at: recorded.time) { subject.on(event.value.event) }
      case .endsSubscriptions:
        scheduler.schedule(at: recorded.time) { [weak self] in
          self?.deliverToCurrentObservers(event.value.event)
        }
      }
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
      let inner: Disposable
      switch terminal {
      case .endsSignal:
        inner = subject.signal.subscribe(observer)
      case .endsSubscriptions:
        let number = observers.withLock { observers in
          defer { observers.next += 1 }
          observers.current.append((observers.next, observer))
          return observers.next
        }
        inner = AnyDisposable { [self] in
          observers.withLock { $0.current.removeAll { $0.0 == number } }
        }
      }
      return AnyDisposable { [self] in
        inner.dispose()
        records.withLock { records in
          records[index] = Subscription(records[index].subscribe, scheduler.clock)
        }
      }
    }
  }

  /// Sends `event` to the observers subscribed now (those that subscribe meanwhile wait
  /// for the next event); a terminal event ends their subscriptions.
  private func deliverToCurrentObservers(_ event: Event<Value, Failure>) {
    let receivers = observers.withLock { $0.current.map(\.1) }
    for observer in receivers { observer.on(event) }
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
  ///
  /// - Parameters:
  ///   - events: what happens, each at its absolute tick.
  ///   - terminal: what a terminal event does to later subscribers: by default it is
  ///     sent to them at once, as a subject does; `.endsSubscriptions` behaves as
  ///     RxTest's hot observable (see ``HotSignalTerminal``).
  public func createHotSignal<Value, Failure: Error>(
    _ events: [Recorded<Value, Failure>], terminal: HotSignalTerminal = .endsSignal
  ) -> HotSignal<Value, Failure> {
    HotSignal(scheduler: self, events: events, terminal: terminal)
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
