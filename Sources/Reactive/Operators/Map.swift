/// `map`, `compactMap`, `mapError`: one value in, at most one value out.
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
  /// - Complexity: O(1) per event; no allocation per event.
  @inlinable
  @_disfavoredOverload
  public func map<NewValue>(
    _ transform: @escaping (Value) throws(Failure) -> NewValue
  ) -> Signal<NewValue, Failure> {
    Signal<NewValue, Failure> { observer, lifetime in
      self.start(
        Observer { event in
          switch event {
          case .next(let value):
            guard !lifetime.hasEnded else { return }
            do throws(Failure) {
              observer.send(try transform(value))
            } catch {
              observer.send(error: error)
            }
          case .failed(let error):
            observer.send(error: error)
          case .completed:
            observer.sendCompleted()
          }
        }, lifetime)
    }
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
    Signal<NewValue, Failure> { observer, lifetime in
      self.start(
        Observer { event in
          switch event {
          case .next(let value):
            guard !lifetime.hasEnded else { return }
            do throws(Failure) {
              if let newValue = try transform(value) { observer.send(newValue) }
            } catch {
              observer.send(error: error)
            }
          case .failed(let error):
            observer.send(error: error)
          case .completed:
            observer.sendCompleted()
          }
        }, lifetime)
    }
  }

  /// Transforms the failure; values and completion pass through.
  @inlinable
  public func mapError<NewFailure>(
    _ transform: @escaping (Failure) -> NewFailure
  ) -> Signal<Value, NewFailure> {
    Signal<Value, NewFailure> { observer, lifetime in
      self.start(Observer { observer.on($0.mapError(transform)) }, lifetime)
    }
  }
}
