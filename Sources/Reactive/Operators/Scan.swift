/// `scan`, `reduce`, `collect`: fold the values into one state, step by step or at the end.
extension Signal {
  /// Folds every value into a state starting at `initial` and sends each new state.
  /// A thrown error fails the signal.
  ///
  /// ```swift
  /// Signal<Int, Never>.from([1, 2, 3]).scan(0, +)   // 1, 3, 6, completed
  /// ```
  ///
  /// - Complexity: O(1) per event plus one call of `accumulate`.
  @inlinable
  public func scan<State>(
    _ initial: State, _ accumulate: @escaping (State, Value) throws(Failure) -> State
  ) -> Signal<State, Failure> {
    scan(into: initial) { (state: inout State, value: Value) throws(Failure) in
      state = try accumulate(state, value)
    }
  }

  /// Folds every value into a state updated in place (no copy per step) and sends each
  /// new state. A thrown error fails the signal.
  ///
  /// - Complexity: O(1) per event plus one call of `accumulate`.
  @inlinable
  public func scan<State>(
    into initial: State, _ accumulate: @escaping (inout State, Value) throws(Failure) -> Void
  ) -> Signal<State, Failure> {
    lift { (observer: Observer<State, Failure>, lifetime) in
      let state = OperatorState(initial)
      return Observer { event in
        observer.relay(event, lifetime) { value throws(Failure) in
          try accumulate(&state.value, value)
          observer.send(state.value)
        }
      }
    }
  }

  /// Folds every value into a state starting at `initial`; sends the final state when
  /// this signal completes (`initial` if it had no values), then completes. A failure,
  /// thrown or upstream, fails the signal and sends no state.
  ///
  /// - Complexity: O(1) per event plus one call of `accumulate`.
  public func reduce<State>(
    _ initial: State, _ accumulate: @escaping (State, Value) throws(Failure) -> State
  ) -> Signal<State, Failure> {
    reduce(into: initial) { (state: inout State, value: Value) throws(Failure) in
      state = try accumulate(state, value)
    }
  }

  /// Folds every value into a state updated in place; sends the final state when this
  /// signal completes, then completes. A failure fails the signal and sends no state.
  ///
  /// - Complexity: O(1) per event plus one call of `accumulate`.
  public func reduce<State>(
    into initial: State, _ accumulate: @escaping (inout State, Value) throws(Failure) -> Void
  ) -> Signal<State, Failure> {
    lift { (observer: Observer<State, Failure>, lifetime) in
      var state: State? = initial
      return Observer { event in
        // `state` becomes nil when this operator ends, releasing it at once.
        guard state != nil, !lifetime.hasEnded else { return }
        switch event {
        case .next(let value):
          do throws(Failure) {
            try accumulate(&state!, value)
          } catch {
            state = nil
            observer.send(error: error)
          }
        case .failed(let error):
          state = nil
          observer.send(error: error)
        case .completed:
          let final = state.take()!
          observer.send(final)
          observer.sendCompleted()
        }
      }
    }
  }

  /// Folds every value into a state starting at `initial`; when this signal completes,
  /// sends `mapResult` of the final state (of `initial` if there were no values), then
  /// completes. A failure, thrown by either closure or upstream, fails the signal.
  ///
  /// ```swift
  /// scores.reduce(0, accumulator: +, mapResult: { "\($0) points" })
  /// ```
  public func reduce<State, Result>(
    _ initial: State, accumulator: @escaping (State, Value) throws(Failure) -> State,
    mapResult: @escaping (State) throws(Failure) -> Result
  ) -> Signal<Result, Failure> {
    reduce(initial, accumulator).map(mapResult)
  }

  /// Folds every value into a state updated in place; when this signal completes, sends
  /// `mapResult` of the final state, then completes. A failure, thrown by either closure
  /// or upstream, fails the signal.
  public func reduce<State, Result>(
    into initial: State, accumulator: @escaping (inout State, Value) throws(Failure) -> Void,
    mapResult: @escaping (State) throws(Failure) -> Result
  ) -> Signal<Result, Failure> {
    reduce(into: initial, accumulator).map(mapResult)
  }

  /// Sends all values as one array when this signal completes (an empty array if there
  /// were none), then completes: the bridge from a signal to a Swift collection.
  ///
  /// - Complexity: O(1) amortized per event; keeps every value until completion.
  public func collect() -> Signal<[Value], Failure> {
    reduce(into: []) { (values: inout [Value], value: Value) in values.append(value) }
  }
}
