/// `throttle` and `debounce` (with or without a maximum wait): rate limiting in time, on a
/// scheduler.
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
  /// With `latest: false` nothing is kept for the end of a window: a value is sent only
  /// if it arrives when no window is open (at least `interval` after the last value
  /// sent), and the others are dropped (RxSwift's `throttle(_:latest: false)`).
  ///
  /// ```
  /// latest: false, interval 20:   1@0, 4@25, 5@60 (2 and 3 are dropped)
  /// ```
  ///
  /// Completion sends the pending value at once, then completes. A failure drops the
  /// pending value and is sent at once. An interval of zero or less throttles nothing
  /// that arrives at different times: every window ends on the scheduler's next turn.
  ///
  /// - Parameters:
  ///   - interval: the shortest time between two values sent.
  ///   - latest: whether the latest value of a window is sent when it ends.
  ///   - scheduler: runs the end of each window; values sent then arrive on it.
  public func throttle(_ interval: Duration, latest: Bool = true, on scheduler: Scheduler)
    -> Signal
  {
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
                if latest { locked.state.pending = value }
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

extension Signal {
  /// Sends a value once `interval` has passed without another value arriving, or once
  /// `maxWait` has passed since the first value that is waiting, whichever is sooner.
  ///
  /// `debounce(_:on:)` alone never sends while values keep arriving less than
  /// `interval` apart; with a maximum wait a steady stream is still sent at least once
  /// per `maxWait`. After a value is sent, the next value starts a new maximum wait.
  ///
  /// ```
  /// interval 20, maxWait 50:
  ///   source  1@210 2@225 3@240 4@255 5@270 6@285 7@300 8@350
  ///   output  4@260 (the maximum wait since 1), 7@320 (since 5), 8@370 (quiet)
  /// ```
  ///
  /// Completion sends the waiting value at once, then completes. A failure drops the
  /// waiting value and is sent at once.
  ///
  /// - Parameters:
  ///   - interval: how long the source must stay quiet before its latest value is sent.
  ///   - maxWait: the longest a value waits, counted from the first value not yet sent.
  ///   - scheduler: runs the waits and tells the time; values arrive on it.
  public func debounce(_ interval: Duration, maxWait: Duration, on scheduler: Scheduler)
    -> Signal
  {
    Signal { observer in
      let gate = TimerGate<DebounceState<Value>, Value, Failure>(
        observer, on: scheduler, state: DebounceState()
      ) { locked in
        if let value = locked.state.pending {
          locked.state = DebounceState()
          locked.send(.next(value))
        }
      }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            switch event {
            case .next(let value):
              let now = scheduler.now
              let deadline = locked.state.deadline ?? now + maxWait
              locked.state = DebounceState(pending: value, deadline: deadline)
              locked.startTimer(after: max(.zero, min(interval, deadline - now)))
            case .completed:
              if let value = locked.state.pending {
                locked.state = DebounceState()
                locked.send(.next(value))
              }
              locked.send(.completed)
            case .failed(let error):
              locked.state = DebounceState()
              locked.send(.failed(error))
            }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }
}

/// The state of one `debounce(_:maxWait:on:)` subscription.
private struct DebounceState<Value> {
  /// The latest value, waiting to be sent.
  var pending: Value?
  /// When the waiting value must be sent at the latest (the scheduler's `now`).
  var deadline: Duration?
}

/// The state of one `throttle` subscription.
private struct ThrottleState<Value> {
  /// Whether a window is open (a value was sent less than `interval` ago).
  var isWindowOpen = false
  /// The latest value that arrived in the open window.
  var pending: Value?
}
