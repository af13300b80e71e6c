/// `timeout`: gives a signal a deadline to terminate by, or one per value, on a scheduler.
extension Signal {
  /// Fails with `error` if the signal has not terminated `interval` after the
  /// subscription started (RAC's `timeout:onScheduler:`: the deadline is for the whole
  /// signal, not between values). The source is then disposed.
  ///
  /// - Parameters:
  ///   - interval: the time the signal has to complete or fail.
  ///   - scheduler: runs the deadline; the timeout failure arrives on it.
  ///   - error: the failure to send when the deadline passes.
  public func timeout(
    _ interval: Duration, on scheduler: Scheduler, error: Failure
  ) -> Signal {
    timeout(interval, on: scheduler, fallback: .error(error))
  }

  /// Switches to `fallback` if the signal has not terminated `interval` after the
  /// subscription started: the source is disposed and `fallback` subscribed, and its
  /// events follow the values already sent.
  ///
  /// - Parameters:
  ///   - interval: the time the signal has to complete or fail.
  ///   - scheduler: runs the deadline; `fallback` is subscribed on it.
  ///   - fallback: the signal to continue with after the deadline.
  public func timeout(
    _ interval: Duration, on scheduler: Scheduler, fallback: Signal
  ) -> Signal {
    timingOut(after: interval, restartsOnValue: false, on: scheduler, fallback: fallback)
  }

  /// Fails with `error` if a value does not arrive within `interval` of the previous one
  /// (of the subscription, for the first), as RxSwift's `timeout` does; the deadline
  /// moves with every value, and ends with the terminal event. The source is then
  /// disposed.
  ///
  /// - Parameters:
  ///   - interval: the longest wait for each value; zero or less times out on the
  ///     scheduler's next turn.
  ///   - scheduler: runs the deadlines; the timeout failure arrives on it.
  ///   - error: the failure to send when a deadline passes.
  public func timeout(
    betweenValues interval: Duration, on scheduler: Scheduler, error: Failure
  ) -> Signal {
    timeout(betweenValues: interval, on: scheduler, fallback: .error(error))
  }

  /// Switches to `fallback` if a value does not arrive within `interval` of the previous
  /// one (of the subscription, for the first): the source is disposed and `fallback`
  /// subscribed, and its events follow the values already sent.
  ///
  /// - Parameters:
  ///   - interval: the longest wait for each value.
  ///   - scheduler: runs the deadlines; `fallback` is subscribed on it.
  ///   - fallback: the signal to continue with after a deadline passes.
  public func timeout(
    betweenValues interval: Duration, on scheduler: Scheduler, fallback: Signal
  ) -> Signal {
    timingOut(after: interval, restartsOnValue: true, on: scheduler, fallback: fallback)
  }

  /// The engine of both forms: a deadline `interval` after the subscription, moved by
  /// every value when `restartsOnValue`; when it passes, `fallback` takes over.
  private func timingOut(
    after interval: Duration, restartsOnValue: Bool, on scheduler: Scheduler,
    fallback: Signal
  ) -> Signal {
    Signal { observer in
      let upstream = SerialDisposable()
      let fallbackSubscription = SerialDisposable()
      let gate = TimerGate<Bool, Value, Failure>(observer, on: scheduler, state: false) {
        locked in
        // The state says whether the deadline passed; from then on only the fallback
        // may send.
        locked.state = true
        locked.perform { gate in
          upstream.dispose()
          fallbackSubscription.inner = fallback.subscribe(
            Observer { event in gate.update { $0.send(event) } })
        }
      }
      gate.update { $0.startTimer(after: interval) }
      upstream.inner = self.subscribe(
        Observer { event in
          gate.update { locked in
            guard !locked.state else { return }
            locked.send(event)
            if restartsOnValue, !event.isTerminal { locked.startTimer(after: interval) }
          }
        })
      return CompositeDisposable([upstream, fallbackSubscription, gate])
    }
  }
}
