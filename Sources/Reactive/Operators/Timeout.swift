/// `timeout`: gives a signal a deadline to terminate by, on a scheduler.
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
          }
        })
      return CompositeDisposable([upstream, fallbackSubscription, gate])
    }
  }
}
