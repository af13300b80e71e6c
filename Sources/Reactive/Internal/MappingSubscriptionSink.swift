import Synchronization

/// The guard of `signal.map(transform).subscribe(next:error:completed:)`, which also
/// applies `transform`: the `map` next to the subscriber costs no object of its own (its
/// stage would capture the guard's observer, the guard as lifetime, and `transform`).
/// Made by the `subscribeDirect` closure that `map` puts in its signal.
///
/// It behaves as a `map` stage in front of a `SubscriptionSink` does: a value is dropped
/// before `transform` runs once the subscription has ended, and again after it runs (it
/// may have ended the subscription); an error thrown by `transform` fails the
/// subscription; the producer's disposable is disposed exactly once, before the terminal
/// event is forwarded (the lifecycle is `SubscriptionSink`'s own).
///
/// A subclass, so that `subscribe(next:error:completed:)` returns a `_SubscriptionGuard`
/// whichever way it subscribed: a caller that disposes it right away calls
/// `_SubscriptionGuard.dispose()` directly (as a separate class, the `Disposable` it
/// returned was disposed through its witness table: 16 instructions more per
/// subscription in workload 2 of `Benchmarks/`, which never meets a `map`).
@usableFromInline
final class MappingSubscriptionSink<Input, Value, Failure: Error>:
  SubscriptionSink<Value, Failure>, @unchecked Sendable
{
  // @unchecked: as `SubscriptionSink`; `transform` is immutable.
  @usableFromInline let transform: (Input) throws(Failure) -> Value

  @inlinable
  init(
    _ transform: @escaping (Input) throws(Failure) -> Value,
    next: ((Value) -> Void)?, error: ((Failure) -> Void)?, completed: (() -> Void)?
  ) {
    self.transform = transform
    super.init(next: next, error: error, completed: completed)
  }

  /// Runs the start closure of the `map`'s upstream with this sink as its guard.
  @inlinable
  func start(_ source: Signal<Input, Failure>) {
    attach(source.startHandler(Observer { self.onInput($0) }, Lifetime(self)))
  }

  /// An event of the upstream: a value is transformed and handed to `next` unless the
  /// subscription has ended (checked before and after `transform`). `next` is called
  /// directly: this sink has no `action`.
  @inlinable
  func onInput(_ event: Event<Input, Failure>) {
    switch event {
    case .next(let value):
      guard !stopped.load(ordering: .relaxed) else { return }
      let newValue: Value
      do throws(Failure) {
        newValue = try transform(value)
      } catch {
        return terminate(.failed(error))
      }
      if !stopped.load(ordering: .relaxed) { next?(newValue) }
    case .failed(let error):
      terminate(.failed(error))
    case .completed:
      terminate(.completed)
    }
  }
}
