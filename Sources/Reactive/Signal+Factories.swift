/// Signals made from nothing, one value, an error, or a sequence.
extension Signal {
  /// Sends `value`, then completes.
  @inlinable
  public static func just(_ value: Value) -> Signal {
    Signal { observer, _ in
      observer.send(value)
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  /// Completes at once.
  @inlinable
  public static func empty() -> Signal {
    Signal { observer, _ in
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  /// Never sends anything.
  @inlinable
  public static func never() -> Signal {
    Signal { _, _ in Disposables.empty }
  }

  /// Fails at once with `error`.
  @inlinable
  public static func error(_ error: Failure) -> Signal {
    Signal { observer, _ in
      observer.send(error: error)
      return Disposables.empty
    }
  }

  /// Sends every element of `sequence` (lazily: elements are pulled one at a time and
  /// pulling stops when the subscription ends), then completes. The bridge from
  /// `RACSequence`-style pull-driven sequences (Swift's `LazySequence`) to a signal.
  @inlinable
  public static func from<S: Sequence>(_ sequence: S) -> Signal where S.Element == Value {
    Signal { observer, lifetime in
      var iterator = sequence.makeIterator()
      while !lifetime.hasEnded, let element = iterator.next() {
        observer.send(element)
      }
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  /// Runs `body` for every subscription; a thrown error becomes the failure.
  @inlinable
  public static func deferred(_ body: @escaping () throws(Failure) -> Signal) -> Signal {
    Signal { observer, lifetime in
      do throws(Failure) {
        return try body().start(observer, lifetime)
      } catch {
        observer.send(error: error)
        return Disposables.empty
      }
    }
  }

  /// Sends `value` `count` times, then completes; forever if `count` is `nil` (pulling
  /// stops when the subscription ends, so `repeat(x).take(3)` sends three).
  public static func `repeat`(_ value: Value, count: Int? = nil) -> Signal {
    if let count {
      precondition(count >= 0, "Signal.repeat: count must not be negative")
      return from(repeatElement(value, count: count))
    }
    return Signal { observer, lifetime in
      while !lifetime.hasEnded { observer.send(value) }
      observer.sendCompleted()
      return Disposables.empty
    }
  }

  /// Sends `initial`, then `next(initial)`, `next(next(initial))`, … while `condition`
  /// accepts them, then completes: a `for` loop as a signal. Values are computed one at a
  /// time and the loop stops when the subscription ends; a thrown error fails the
  /// signal.
  ///
  /// ```swift
  /// Signal<Int, Never>.generate(1, while: { $0 < 100 }, next: { $0 * 2 })   // 1, 2, 4, … 64
  /// ```
  public static func generate(
    _ initial: Value, while condition: @escaping (Value) throws(Failure) -> Bool,
    next: @escaping (Value) throws(Failure) -> Value
  ) -> Signal {
    Signal { observer, lifetime in
      var value = initial
      do throws(Failure) {
        while !lifetime.hasEnded, try condition(value) {
          observer.send(value)
          guard !lifetime.hasEnded else { break }
          value = try next(value)
        }
        observer.sendCompleted()
      } catch {
        observer.send(error: error)
      }
      return Disposables.empty
    }
  }
}

extension Signal where Value: Strideable, Value.Stride: SignedInteger {
  /// Sends every value of `bounds` in order, then completes (`range(0..<3)`: 0, 1, 2).
  /// Lazy like `from(_:)`: pulling stops when the subscription ends.
  public static func range(_ bounds: Range<Value>) -> Signal {
    from(bounds)
  }

  /// Sends every value of `bounds` in order, then completes (`range(1...3)`: 1, 2, 3).
  public static func range(_ bounds: ClosedRange<Value>) -> Signal {
    from(bounds)
  }
}
