/// `skip`, `skip(while:)`, `ignoreValues`: drop a prefix of the values, or all of them.
extension Signal {
  /// Drops the first `count` values and sends the rest.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  public func skip(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "skip: count must not be negative")
    guard count > 0 else { return self }
    return lift { observer, lifetime in
      var remaining = count
      return Observer { event in
        if case .next = event, remaining > 0 {
          remaining -= 1
          return
        }
        observer.on(event)
      }
    }
  }

  /// Drops values while `predicate` accepts them, then sends the first value it rejects
  /// and every later one without asking it again. A thrown error fails the signal.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  public func skip(
    while predicate: @escaping (Value) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    lift { observer, lifetime in
      var isSkipping = true
      return Observer { event in
        guard isSkipping, case .next = event else { return observer.on(event) }
        observer.relay(event, lifetime) { value throws(Failure) in
          guard try !predicate(value) else { return }
          isSkipping = false
          observer.send(value)
        }
      }
    }
  }

  /// Drops every value; only the terminal event passes through.
  ///
  /// - Complexity: O(1) per event.
  public func ignoreValues() -> Signal<Value, Failure> {
    lift { observer, lifetime in
      Observer { event in
        if event.isTerminal { observer.on(event) }
      }
    }
  }
}
