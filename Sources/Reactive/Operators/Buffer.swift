/// `buffer`: values gathered into arrays, by count or by time.
extension Signal {
  /// Sends the values in arrays of `count`, in order; on completion, the values left
  /// over (fewer than `count`, never an empty array), then the completion. A failure
  /// drops the values gathered so far and is sent at once.
  ///
  /// ```
  /// count 2:  1 2 3 4 5 |   →   [1, 2] [3, 4] [5] |
  /// ```
  ///
  /// - Complexity: O(1) per value; one array per `count` values.
  public func buffer(count: Int) -> Signal<[Value], Failure> {
    precondition(count > 0, "buffer(count:): count must be positive")
    return lift { observer, lifetime in
      var chunk: [Value] = []
      return Observer { event in
        switch event {
        case .next(let value):
          if chunk.isEmpty { chunk.reserveCapacity(count) }
          chunk.append(value)
          if chunk.count == count {
            let full = chunk
            chunk = []
            observer.send(full)
          }
        case .failed(let error):
          chunk = []
          observer.send(error: error)
        case .completed:
          if !chunk.isEmpty, !lifetime.hasEnded {
            let rest = chunk
            chunk = []
            observer.send(rest)
          }
          observer.sendCompleted()
        }
      }
    }
  }

  /// Sends the values gathered during each period of `timeSpan`, as one array at the
  /// end of the period; with a `count`, also as soon as `count` values are gathered,
  /// which starts a new period.
  ///
  /// Periods follow each other from the subscription on. A period in which nothing
  /// arrived sends nothing: there is no empty array. Completion sends the values
  /// gathered (if any) at once, then completes; a failure drops them and is sent at
  /// once.
  ///
  /// - Parameters:
  ///   - timeSpan: the length of a period; must be positive.
  ///   - count: the most values in one array; `nil` for no limit.
  ///   - scheduler: runs the periods; arrays sent at a period's end arrive on it.
  public func buffer(timeSpan: Duration, count: Int? = nil, on scheduler: Scheduler)
    -> Signal<[Value], Failure>
  {
    precondition(timeSpan > .zero, "buffer(timeSpan:): the time span must be positive")
    precondition(count.map { $0 > 0 } ?? true, "buffer(timeSpan:count:): count must be positive")
    return Signal<[Value], Failure> { observer in
      let gate = TimerGate<[Value], [Value], Failure>(observer, on: scheduler, state: []) {
        locked in
        if !locked.state.isEmpty {
          let chunk = locked.state
          locked.state = []
          locked.send(.next(chunk))
        }
        locked.startTimer(after: timeSpan)
      }
      gate.update { $0.startTimer(after: timeSpan) }
      let upstream = self.subscribe(
        Observer { event in
          gate.update { locked in
            switch event {
            case .next(let value):
              locked.state.append(value)
              if let count, locked.state.count >= count {
                let chunk = locked.state
                locked.state = []
                locked.send(.next(chunk))
                locked.startTimer(after: timeSpan)
              }
            case .completed:
              if !locked.state.isEmpty {
                let chunk = locked.state
                locked.state = []
                locked.send(.next(chunk))
              }
              locked.send(.completed)
            case .failed(let error):
              locked.state = []
              locked.send(.failed(error))
            }
          }
        })
      return CompositeDisposable([upstream, gate])
    }
  }
}
