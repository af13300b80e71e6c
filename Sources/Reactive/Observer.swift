/// Receives a signal's events: the `RACSubscriber` of this library.
///
/// An observer is a value wrapping one closure. The observer that a signal's start
/// closure receives is already guarded by its subscription: calls after a terminal event
/// or after disposal are ignored, so a producer may call it without bookkeeping.
///
/// Observers may be passed between threads; events must still be sent serially (one at a
/// time) for one subscription, as in every Rx-family library. Subjects serialize for you.
public struct Observer<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: the closure may capture non-Sendable state. Passing an observer to
  // another thread is an explicit choice (`observe(on:)`, a scheduler); the library never
  // calls one observer from two threads at once.

  /// The closure that receives every event.
  public let action: (Event<Value, Failure>) -> Void

  /// An observer that hands every event to `action`.
  @inlinable
  public init(_ action: @escaping (Event<Value, Failure>) -> Void) {
    self.action = action
  }

  /// An observer with a closure per kind of event; omitted ones ignore their event.
  @inlinable
  public init(
    next: ((Value) -> Void)? = nil,
    error: ((Failure) -> Void)? = nil,
    completed: (() -> Void)? = nil
  ) {
    self.action = { event in
      switch event {
      case .next(let value): next?(value)
      case .failed(let failure): error?(failure)
      case .completed: completed?()
      }
    }
  }

  /// Sends an event.
  @inlinable
  public func on(_ event: Event<Value, Failure>) {
    action(event)
  }

  /// Sends a value.
  @inlinable
  public func send(_ value: Value) {
    action(.next(value))
  }

  /// Sends a failure; it ends the subscription.
  @inlinable
  public func send(error: Failure) {
    action(.failed(error))
  }

  /// Sends completion; it ends the subscription.
  @inlinable
  public func sendCompleted() {
    action(.completed)
  }
}

extension Observer where Value == Void {
  /// Sends a `Void` value.
  @inlinable
  public func send() {
    action(.next(()))
  }
}
