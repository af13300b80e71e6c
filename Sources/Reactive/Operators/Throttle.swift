/// `throttle` and `debounce`: rate limiting in time, on a scheduler.
extension Signal {
  /// Sends at most one value per `interval`: the first value at once, then, at the end
  /// of each window, the latest value that arrived during it.
  ///
  /// A window opens when a value is sent at once and lasts `interval`. At its end the
  /// latest value that arrived meanwhile (if any) is sent and a new window opens, so two
  /// values are never sent less than `interval` apart; a window in which nothing
  /// arrived ends the throttling, and the next value is sent at once again.
  ///
  /// ```
  /// interval 20:   source  1 2 3 . . 4 . . . . . . 5
  ///                time    0 5 10    25            60
  ///                output  1@0, 3@20, 4@40, 5@60
  /// ```
  ///
  /// Completion sends the pending value at once, then completes. A failure drops the
  /// pending value and is sent at once.
  ///
  /// - Parameters:
  ///   - interval: the shortest time between two values sent.
  ///   - scheduler: runs the end of each window; values sent then arrive on it.
  public func throttle(_ interval: Duration, on scheduler: Scheduler) -> Signal {
    Signal { observer in
      let gate = TimerGate<ThrottleState<Value>, Value, Failure>(
        observer, on: scheduler, state: ThrottleState()
      ) { locked in
        if let value = locked.state.pending {
          locked.state.pending = nil
          locked.send(.next(value))
          locked.startTimer(after: interval)
        } else {
          locked.state.isWindowOpen = false
        }
      }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            switch event {
            case .next(let value):
              if locked.state.isWindowOpen {
                locked.state.pending = value
              } else {
                locked.state.isWindowOpen = true
                locked.send(.next(value))
                locked.startTimer(after: interval)
              }
            case .completed:
              if let value = locked.state.pending {
                locked.state.pending = nil
                locked.send(.next(value))
              }
              locked.send(.completed)
            case .failed(let error):
              locked.state.pending = nil
              locked.send(.failed(error))
            }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }

  /// Sends a value once `interval` has passed without another value arriving.
  ///
  /// Each value restarts the wait and replaces the one waiting. Completion sends the
  /// waiting value at once, then completes. A failure drops the waiting value and is
  /// sent at once.
  ///
  /// - Parameters:
  ///   - interval: how long the source must stay quiet before its latest value is sent.
  ///   - scheduler: runs the wait; values arrive on it.
  public func debounce(_ interval: Duration, on scheduler: Scheduler) -> Signal {
    Signal { observer in
      let gate = TimerGate<Value?, Value, Failure>(observer, on: scheduler, state: nil) {
        locked in
        if let value = locked.state {
          locked.state = nil
          locked.send(.next(value))
        }
      }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            switch event {
            case .next(let value):
              locked.state = value
              locked.startTimer(after: interval)
            case .completed:
              if let value = locked.state {
                locked.state = nil
                locked.send(.next(value))
              }
              locked.send(.completed)
            case .failed(let error):
              locked.state = nil
              locked.send(.failed(error))
            }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }
}

/// The state of one `throttle` subscription.
private struct ThrottleState<Value> {
  /// Whether a window is open (a value was sent less than `interval` ago).
  var isWindowOpen = false
  /// The latest value that arrived in the open window.
  var pending: Value?
}
