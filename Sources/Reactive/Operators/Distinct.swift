/// `distinctUntilChanged`: drops values equal to the one sent just before.
extension Signal where Value: Equatable {
  /// Drops every value equal (`==`) to the previous value sent.
  ///
  /// - Complexity: O(1) per event; keeps one value.
  @inlinable
  public func distinctUntilChanged() -> Signal<Value, Failure> {
    distinctUntilChanged { $0 == $1 }
  }
}

extension Signal {
  /// Drops every value that `isEquivalent` says is the same as the previous value sent
  /// (its first argument). A thrown error fails the signal.
  ///
  /// - Complexity: O(1) per event plus one call of `isEquivalent`; keeps one value.
  @inlinable
  public func distinctUntilChanged(
    _ isEquivalent: @escaping (Value, Value) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    lift { (observer: Observer<Value, Failure>, lifetime) in
      let previous = OperatorState<Value?>(nil)
      // Written out, not through `Observer.relay`: the optimizer does not inline this
      // body into it (+21 instructions per event in `Benchmarks/` workload 6).
      return Observer { event in
        switch event {
        case .next(let value):
          guard !lifetime.hasEnded else { return }
          do throws(Failure) {
            if let previous = previous.value, try isEquivalent(previous, value) { return }
            previous.value = value
            observer.send(value)
          } catch {
            observer.send(error: error)
          }
        case .failed, .completed:
          observer.on(event)
        }
      }
    }
  }

  /// Drops every value whose `key` equals the key of the previous value sent. A thrown
  /// error fails the signal.
  ///
  /// - Complexity: O(1) per event plus one call of `key`; keeps one key.
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(
    by key: @escaping (Value) throws(Failure) -> Key
  ) -> Signal<Value, Failure> {
    lift { (observer: Observer<Value, Failure>, lifetime) in
      let previousKey = OperatorState<Key?>(nil)
      return Observer { event in
        switch event {
        case .next(let value):
          guard !lifetime.hasEnded else { return }
          do throws(Failure) {
            let currentKey = try key(value)
            if let previousKey = previousKey.value, previousKey == currentKey { return }
            previousKey.value = currentKey
            observer.send(value)
          } catch {
            observer.send(error: error)
          }
        case .failed, .completed:
          observer.on(event)
        }
      }
    }
  }

  /// Drops every value whose `key` is equivalent, by `isEquivalent`, to the key of the
  /// previous value sent (its first argument). A thrown error fails the signal.
  ///
  /// - Complexity: O(1) per event plus one call of each closure; keeps one key.
  @inlinable
  public func distinctUntilChanged<Key>(
    by key: @escaping (Value) throws(Failure) -> Key,
    isEquivalent: @escaping (Key, Key) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    lift { (observer: Observer<Value, Failure>, lifetime) in
      let previousKey = OperatorState<Key?>(nil)
      return Observer { event in
        switch event {
        case .next(let value):
          guard !lifetime.hasEnded else { return }
          do throws(Failure) {
            let currentKey = try key(value)
            if let previousKey = previousKey.value, try isEquivalent(previousKey, currentKey) {
              return
            }
            previousKey.value = currentKey
            observer.send(value)
          } catch {
            observer.send(error: error)
          }
        case .failed, .completed:
          observer.on(event)
        }
      }
    }
  }

  /// Drops every value whose property at `keyPath` equals that of the previous value
  /// sent: `distinctUntilChanged(at: \.id)`. The property must be `Equatable`; for one
  /// that is not, pass a comparer (`distinctUntilChanged(at:isEquivalent:)`).
  ///
  /// - Complexity: O(1) per event; keeps one property value.
  @inlinable
  @_disfavoredOverload
  public func distinctUntilChanged<Property: Equatable>(
    at keyPath: KeyPath<Value, Property>
  ) -> Signal<Value, Failure> {
    distinctUntilChanged(at: { $0[keyPath: keyPath] })
  }

  /// `distinctUntilChanged(at:)` for a key path written in the call, which Swift turns
  /// into this function: the property is then read directly, where a `KeyPath` value is
  /// applied through the runtime on every event (~300 instructions more per event in
  /// workload 14 of `Benchmarks/`).
  @inlinable
  public func distinctUntilChanged<Property: Equatable>(
    at property: @escaping (Value) -> Property
  ) -> Signal<Value, Failure> {
    lift { (observer: Observer<Value, Failure>, lifetime) in
      let previous = OperatorState<Property?>(nil)
      // Written out, as `distinctUntilChanged()` is: through `Observer.relay` the
      // optimizer leaves a call per event.
      return Observer { event in
        switch event {
        case .next(let value):
          guard !lifetime.hasEnded else { return }
          let current = property(value)
          if let previous = previous.value, previous == current { return }
          previous.value = current
          observer.send(value)
        case .failed, .completed:
          observer.on(event)
        }
      }
    }
  }

  /// Drops every value whose property at `keyPath` `isEquivalent` says is the same as
  /// that of the previous value sent: for properties that are not `Equatable`, or
  /// compared another way. A thrown error fails the signal.
  @inlinable
  @_disfavoredOverload
  public func distinctUntilChanged<Property>(
    at keyPath: KeyPath<Value, Property>,
    isEquivalent: @escaping (Property, Property) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    distinctUntilChanged(
      by: { (value: Value) throws(Failure) -> Property in value[keyPath: keyPath] },
      isEquivalent: isEquivalent)
  }

  /// `distinctUntilChanged(at:isEquivalent:)` for a key path written in the call, read
  /// directly (see `distinctUntilChanged(at:)`).
  @inlinable
  public func distinctUntilChanged<Property>(
    at property: @escaping (Value) -> Property,
    isEquivalent: @escaping (Property, Property) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    distinctUntilChanged(
      by: { (value: Value) throws(Failure) -> Property in property(value) },
      isEquivalent: isEquivalent)
  }
}
