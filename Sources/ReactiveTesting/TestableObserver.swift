import Reactive

/// Records every event it receives with the scheduler's virtual time.
public final class TestableObserver<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: the recorded events are inside the lock.
  private let scheduler: TestScheduler
  private let recorded = Locked<[Recorded<Value, Failure>]>([])

  /// An observer that stamps events with `scheduler`'s clock.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Everything received so far, in order.
  public var events: [Recorded<Value, Failure>] {
    recorded.withLock { $0 }
  }

  /// The values received so far, without times.
  public var values: [Value] { events.compactMap { $0.event.value } }

  /// The observer to subscribe.
  public var observer: Observer<Value, Failure> {
    Observer { [self] event in
      let stamped = Recorded(time: scheduler.clock, event: event)
      recorded.withLock { $0.append(stamped) }
    }
  }
}
