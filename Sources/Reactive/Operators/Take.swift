/// `take`, `take(while:)`, `take(until:)` with a predicate, `first`, `last`: a prefix of the
/// values, or the final one.
extension Signal {
  /// Sends the first `count` values, then completes and disposes the upstream
  /// subscription; fewer if this signal ends sooner.
  ///
  /// `take(0)` completes at once without subscribing to this signal.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  public func take(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "take: count must not be negative")
    guard count > 0 else { return .empty() }
    return lift { observer, lifetime in
      var remaining = count
      return Observer { event in
        // Zero means this operator has already completed: drop what a producer that
        // ignores its lifetime still sends.
        guard remaining > 0 else { return }
        switch event {
        case .next(let value):
          remaining -= 1
          observer.send(value)
          // Completing through the guarded downstream observer disposes upstream.
          if remaining == 0 { observer.sendCompleted() }
        case .failed, .completed:
          remaining = 0
          observer.on(event)
        }
      }
    }
  }

  /// Sends values while `predicate` accepts them; completes (and disposes upstream) at the
  /// first value it rejects, which is sent first only with `behavior: .inclusive`. A
  /// thrown error fails the signal.
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  public func take(
    while predicate: @escaping (Value) throws(Failure) -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Signal<Value, Failure> {
    taking(behavior) { (value: Value) throws(Failure) -> Bool in try !predicate(value) }
  }

  /// Sends values until `predicate` accepts one; then completes (and disposes upstream).
  /// The value it accepts is sent first only with `behavior: .inclusive` (RxSwift's
  /// `take(until:behavior:)`). A thrown error fails the signal.
  ///
  /// ```swift
  /// progress.take(until: { $0 >= 1 }, behavior: .inclusive)   // up to and with 1
  /// ```
  ///
  /// - Complexity: O(1) per event; no allocation per event.
  public func take(
    until predicate: @escaping (Value) throws(Failure) -> Bool,
    behavior: TakeBehavior = .exclusive
  ) -> Signal<Value, Failure> {
    taking(behavior, endsAt: predicate)
  }

  /// Sends values until `endsAt` accepts one, which is sent with `.inclusive`; then
  /// completes.
  private func taking(
    _ behavior: TakeBehavior, endsAt: @escaping (Value) throws(Failure) -> Bool
  ) -> Signal<Value, Failure> {
    lift { observer, lifetime in
      var isTaking = true
      return Observer { event in
        guard isTaking else { return }
        switch event {
        case .next(let value):
          guard !lifetime.hasEnded else { return }
          do throws(Failure) {
            if try endsAt(value) {
              isTaking = false
              if behavior == .inclusive { observer.send(value) }
              observer.sendCompleted()
            } else {
              observer.send(value)
            }
          } catch {
            isTaking = false
            observer.send(error: error)
          }
        case .failed, .completed:
          isTaking = false
          observer.on(event)
        }
      }
    }
  }

  /// Sends the first value and completes; completes without a value if this signal
  /// completes empty. The same as `take(1)`.
  public func first() -> Signal<Value, Failure> {
    take(1)
  }

  /// Sends the last value when this signal completes, then completes; completes without
  /// a value if there was none. Failures pass through (and the last value is dropped).
  ///
  /// - Complexity: O(1) per event; keeps one value.
  public func last() -> Signal<Value, Failure> {
    lift { observer, lifetime in
      var latest: Value?
      return Observer { event in
        switch event {
        case .next(let value):
          latest = value
        case .failed:
          latest = nil
          observer.on(event)
        case .completed:
          guard !lifetime.hasEnded else { return }
          if let value = latest {
            latest = nil
            observer.send(value)
          }
          observer.sendCompleted()
        }
      }
    }
  }
}

/// `takeLast`, `element(at:)`: values counted from the end, or one value by position.
extension Signal {
  /// Sends the last `count` values when this signal completes, then completes; all of
  /// them if there were fewer. A failure is sent at once and the kept values dropped.
  ///
  /// `takeLast(0)` sends only the completion (it still waits for it).
  ///
  /// - Complexity: O(1) per event; keeps at most `count` values.
  public func takeLast(_ count: Int) -> Signal<Value, Failure> {
    precondition(count >= 0, "takeLast: count must not be negative")
    return lift { observer, lifetime in
      var kept = FIFO<Value>()
      return Observer { event in
        switch event {
        case .next(let value):
          guard count > 0 else { return }
          if kept.count == count { _ = kept.pop() }
          kept.push(value)
        case .failed:
          kept = FIFO()
          observer.on(event)
        case .completed:
          while !lifetime.hasEnded, let value = kept.pop() { observer.send(value) }
          observer.sendCompleted()
        }
      }
    }
  }

  /// Sends the value at position `index` (0 is the first), then completes and disposes
  /// the upstream subscription.
  ///
  /// If this signal completes with `index` values or fewer, the result completes
  /// without a value: the failure type is the caller's, so there is no "out of range"
  /// error to send. Failures before that position pass through.
  ///
  /// - Complexity: O(1) per event.
  public func element(at index: Int) -> Signal<Value, Failure> {
    precondition(index >= 0, "element(at:): the index must not be negative")
    return lift { observer, lifetime in
      var remaining = index
      return Observer { event in
        switch event {
        case .next(let value):
          guard remaining >= 0 else { return }
          if remaining == 0 {
            remaining = -1
            observer.send(value)
            observer.sendCompleted()
          } else {
            remaining -= 1
          }
        case .failed, .completed:
          remaining = -1
          observer.on(event)
        }
      }
    }
  }
}

/// Whether `take(while:behavior:)` and `take(until:behavior:)` send the value that ends
/// them.
public enum TakeBehavior: Sendable {
  /// The value that ends the signal is sent, then the completion.
  case inclusive
  /// The value that ends the signal is dropped; only the completion is sent.
  case exclusive
}
