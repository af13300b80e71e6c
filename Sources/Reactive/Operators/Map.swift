/// `map`, `compactMap`, `mapError`, `enumerated`: one value in, at most one value out.
extension Signal {
  /// Transforms every value.
  ///
  /// The non-throwing form lets the failure type come from context:
  /// `let s: Signal<Int, MyError> = .just(1).map { $0 + 1 }`.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  public func map<NewValue>(
    _ transform: @escaping (Value) -> NewValue
  ) -> Signal<NewValue, Failure> {
    let throwing: (Value) throws(Failure) -> NewValue = transform
    return map(throwing)
  }

  /// Transforms every value; a thrown error fails the signal.
  ///
  /// Subscribed with `subscribe(next:error:completed:)`, the signal needs no object of
  /// its own per subscription: the subscription's guard applies `transform`.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  @_disfavoredOverload
  public func map<NewValue>(
    _ transform: @escaping (Value) throws(Failure) -> NewValue
  ) -> Signal<NewValue, Failure> {
    let stage = lift { (observer: Observer<NewValue, Failure>, lifetime) in
      Observer { event in
        observer.relay(event, lifetime) { value throws(Failure) in
          observer.send(try transform(value))
        }
      }
    }
    // `subscribe(next:error:completed:)` skips the stage: its guard applies `transform`.
    return Signal<NewValue, Failure>(
      stage.startHandler,
      subscribeDirect: { next, error, completed in
        let sink = MappingSubscriptionSink(
          transform, next: next, error: error, completed: completed)
        sink.start(self)
        return sink
      })
  }

  /// Transforms every value and drops the `nil` results.
  @inlinable
  public func compactMap<NewValue>(
    _ transform: @escaping (Value) -> NewValue?
  ) -> Signal<NewValue, Failure> {
    let throwing: (Value) throws(Failure) -> NewValue? = transform
    return compactMap(throwing)
  }

  /// Transforms every value and drops the `nil` results; a thrown error fails the signal.
  @inlinable
  @_disfavoredOverload
  public func compactMap<NewValue>(
    _ transform: @escaping (Value) throws(Failure) -> NewValue?
  ) -> Signal<NewValue, Failure> {
    lift { (observer: Observer<NewValue, Failure>, lifetime) in
      Observer { event in
        observer.relay(event, lifetime) { value throws(Failure) in
          if let newValue = try transform(value) { observer.send(newValue) }
        }
      }
    }
  }

  /// Transforms the failure; values and completion pass through.
  @inlinable
  public func mapError<NewFailure>(
    _ transform: @escaping (Failure) -> NewFailure
  ) -> Signal<Value, NewFailure> {
    lift { (observer: Observer<Value, NewFailure>, _) in
      Observer { observer.on($0.mapError(transform)) }
    }
  }

  /// Pairs every value with its position: 0 for the first value, 1 for the next, …
  /// (RxSwift's `enumerated()`; each subscription counts from 0).
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  public func enumerated() -> Signal<(index: Int, element: Value), Failure> {
    lift { (observer: Observer<(index: Int, element: Value), Failure>, lifetime) in
      let next = OperatorState(0)
      return Observer { event in
        observer.relay(event, lifetime) { value throws(Failure) in
          let index = next.value
          next.value = index &+ 1
          observer.send((index, value))
        }
      }
    }
  }
}
