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
}
