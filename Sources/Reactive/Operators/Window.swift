/// `window`: values split into consecutive inner signals, by count or by time.
extension Signal {
  /// Splits the values into windows of `count`: each window is a signal sent when its
  /// first value arrives, which sends up to `count` values and completes. Windows are
  /// never empty.
  ///
  /// Windows are hot (a `PublishSubject` each): subscribe to one when it is sent, or
  /// its values are missed. The source's completion or failure completes or fails the
  /// open window, then the result. Disposing the result unsubscribes from the source;
  /// an open window is left as it is (it sends nothing more and does not complete).
  ///
  /// ```
  /// count 2:  1 2 3 4 5 |   →   [1 2 |] [3 4 |] [5 |] |
  /// ```
  public func window(count: Int) -> Signal<Signal<Value, Failure>, Failure> {
    precondition(count > 0, "window(count:): count must be positive")
    return lift { observer, lifetime in
      var current: PublishSubject<Value, Failure>?
      var sent = 0
      return Observer { event in
        switch event {
        case .next(let value):
          let window: PublishSubject<Value, Failure>
          if let current {
            window = current
          } else {
            guard !lifetime.hasEnded else { return }
            window = PublishSubject()
            current = window
            sent = 0
            observer.send(window.signal)
          }
          window.send(value)
          sent += 1
          if sent == count {
            current = nil
            window.sendCompleted()
          }
        case .failed(let error):
          current?.send(error: error)
          current = nil
          observer.send(error: error)
        case .completed:
          current?.sendCompleted()
          current = nil
          observer.sendCompleted()
        }
      }
    }
  }

  /// Splits the values into windows of `timeSpan`: a window opens at subscription and a
  /// new one each `timeSpan` after it, the previous one completing at that moment. A
  /// window in which nothing arrived completes empty (a window is a slice of time).
  ///
  /// Windows are hot (a `PublishSubject` each): subscribe to one when it is sent. The
  /// source's completion or failure completes or fails the open window, then the
  /// result. Disposing the result stops the periods and unsubscribes from the source;
  /// an open window sends nothing more and does not complete.
  ///
  /// - Parameters:
  ///   - timeSpan: the length of a window; must be positive.
  ///   - scheduler: runs the periods; windows opened after the first arrive on it.
  public func window(timeSpan: Duration, on scheduler: Scheduler)
    -> Signal<Signal<Value, Failure>, Failure>
  {
    precondition(timeSpan > .zero, "window(timeSpan:): the time span must be positive")
    return Signal<Signal<Value, Failure>, Failure> { observer in
      // The gate orders every step (open, value, close) and runs them outside its lock,
      // one at a time, so user code in window observers never runs under it.
      let steps = Observer<WindowStep<Value, Failure>, Failure> { event in
        switch event {
        case .next(.open(let window)): observer.send(window.signal)
        case .next(.value(let window, let value)): window.send(value)
        case .next(.close(let window)): window.sendCompleted()
        case .next(.fail(let window, let error)): window.send(error: error)
        case .failed(let error): observer.send(error: error)
        case .completed: observer.sendCompleted()
        }
      }
      let gate = TimerGate<PublishSubject<Value, Failure>, WindowStep<Value, Failure>, Failure>(
        steps, on: scheduler, state: PublishSubject()
      ) { locked in
        locked.send(.next(.close(locked.state)))
        locked.state = PublishSubject()
        locked.send(.next(.open(locked.state)))
        locked.startTimer(after: timeSpan)
      }
      gate.update { locked in
        locked.send(.next(.open(locked.state)))
        locked.startTimer(after: timeSpan)
      }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            switch event {
            case .next(let value):
              locked.send(.next(.value(locked.state, value)))
            case .completed:
              locked.send(.next(.close(locked.state)))
              locked.send(.completed)
            case .failed(let error):
              locked.send(.next(.fail(locked.state, error)))
              locked.send(.failed(error))
            }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }
}

extension Signal {
  /// Splits the values into windows that close when `timeSpan` has passed since they
  /// opened or when they hold `count` values, whichever comes first (RxSwift's
  /// `window(timeSpan:count:scheduler:)`). A window opens at subscription and again at
  /// once whenever one closes; a full window restarts the period, so the next one also
  /// lasts up to `timeSpan`. A window in which nothing arrived completes empty.
  ///
  /// ```
  /// timeSpan 100, count 2:  1@10 2@20 3@150 |@300
  ///   →  windows [1 2] closed at 20 (full), [] at 120, [3] at 220, [] at 300, then |
  /// ```
  ///
  /// Windows are hot (a `PublishSubject` each): subscribe to one when it is sent. The
  /// source's completion or failure completes or fails the open window, then the
  /// result. Disposing the result stops the periods and unsubscribes from the source;
  /// an open window sends nothing more and does not complete.
  ///
  /// - Parameters:
  ///   - timeSpan: the longest a window stays open; must be positive.
  ///   - count: the most values in one window; must be positive.
  ///   - scheduler: runs the periods; windows opened by time arrive on it.
  public func window(timeSpan: Duration, count: Int, on scheduler: Scheduler)
    -> Signal<Signal<Value, Failure>, Failure>
  {
    precondition(timeSpan > .zero, "window(timeSpan:count:): the time span must be positive")
    precondition(count > 0, "window(timeSpan:count:): count must be positive")
    return Signal<Signal<Value, Failure>, Failure> { observer in
      let steps = Observer<WindowStep<Value, Failure>, Failure> { event in
        switch event {
        case .next(.open(let window)): observer.send(window.signal)
        case .next(.value(let window, let value)): window.send(value)
        case .next(.close(let window)): window.sendCompleted()
        case .next(.fail(let window, let error)): window.send(error: error)
        case .failed(let error): observer.send(error: error)
        case .completed: observer.sendCompleted()
        }
      }
      typealias Gate = TimerGate<CountedWindow<Value, Failure>, WindowStep<Value, Failure>, Failure>
      /// Closes the open window and opens the next, for its own full period.
      func rollOver(_ locked: inout Gate.Guarded) {
        locked.send(.next(.close(locked.state.window)))
        locked.state = CountedWindow()
        locked.send(.next(.open(locked.state.window)))
        locked.startTimer(after: timeSpan)
      }
      let gate = Gate(steps, on: scheduler, state: CountedWindow()) { rollOver(&$0) }
      gate.update { locked in
        locked.send(.next(.open(locked.state.window)))
        locked.startTimer(after: timeSpan)
      }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            switch event {
            case .next(let value):
              locked.send(.next(.value(locked.state.window, value)))
              locked.state.count += 1
              if locked.state.count == count { rollOver(&locked) }
            case .completed:
              locked.send(.next(.close(locked.state.window)))
              locked.send(.completed)
            case .failed(let error):
              locked.send(.next(.fail(locked.state.window, error)))
              locked.send(.failed(error))
            }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }
}

/// The open window of `window(timeSpan:count:)` and how many values it has.
private struct CountedWindow<Value, Failure: Error> {
  var window = PublishSubject<Value, Failure>()
  var count = 0
}

/// One step of a time window, decided under the gate's lock and carried out after it.
private enum WindowStep<Value, Failure: Error> {
  case open(PublishSubject<Value, Failure>)
  case value(PublishSubject<Value, Failure>, Value)
  case close(PublishSubject<Value, Failure>)
  case fail(PublishSubject<Value, Failure>, Failure)
}
