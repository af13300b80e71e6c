/// `delay`: shifts values and completion later in time, on a scheduler.
extension Signal {
  /// Sends every value, and completion, `interval` after the source sent it, in order.
  ///
  /// A failure is not delayed: it is sent at once, and values still waiting are
  /// dropped (RAC's `delay:`).
  ///
  /// - Parameters:
  ///   - interval: how much later each event is sent.
  ///   - scheduler: runs the waits; values and completion arrive on it.
  /// - Complexity: one pending timer at a time, whatever the number of waiting values.
  public func delay(_ interval: Duration, on scheduler: Scheduler) -> Signal {
    Signal { observer in
      let gate = TimerGate<DelayQueue<Value, Failure>, Value, Failure>(
        observer, on: scheduler, state: FIFO()
      ) { locked in
        let now = scheduler.now
        while let (due, event) = locked.state.first, due <= now {
          _ = locked.state.pop()
          locked.send(event)
        }
        if let (due, _) = locked.state.first { locked.startTimer(after: due - now) }
      }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            if case .failed = event {
              locked.state = FIFO()
              locked.send(event)
              return
            }
            let wasIdle = locked.state.isEmpty
            locked.state.push((scheduler.now + interval, event))
            if wasIdle { locked.startTimer(after: interval) }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }
}

/// The events waiting in one `delay` subscription, each with the time it is due.
private typealias DelayQueue<Value, Failure: Error> = FIFO<
  (due: Duration, event: Event<Value, Failure>)
>

/// `delaySubscription`: subscribes later, on a scheduler.
extension Signal {
  /// Subscribes to this signal `interval` after the result is subscribed, on
  /// `scheduler`; events are not delayed once it runs. Disposing before then cancels
  /// the subscription: the source is never subscribed.
  ///
  /// - Parameters:
  ///   - interval: how long to wait before subscribing.
  ///   - scheduler: runs the wait; the source is subscribed on it.
  public func delaySubscription(_ interval: Duration, on scheduler: Scheduler) -> Signal {
    Signal { observer in
      let current = SerialDisposable()
      current.inner = scheduler.schedule(after: max(.zero, interval)) {
        current.inner = self.subscribe(observer)
      }
      return current
    }
  }
}
