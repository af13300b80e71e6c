/// `filter`: passes the values a predicate accepts.
extension Signal {
  /// Sends only the values for which `isIncluded` returns true.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
    let throwing: (Value) throws(Failure) -> Bool = isIncluded
    return filter(throwing)
  }

  /// Sends only the values for which `isIncluded` returns true; a thrown error fails
  /// the signal.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  @_disfavoredOverload
  public func filter(
    _ isIncluded: @escaping (Value) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    lift { (observer: Observer<Value, Failure>, lifetime) in
      Observer { event in
        observer.relay(event, lifetime) { value throws(Failure) in
          if try isIncluded(value) { observer.send(value) }
        }
      }
    }
  }
}
