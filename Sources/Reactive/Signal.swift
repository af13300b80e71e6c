/// A cold stream of events: the `RACSignal` of this library.
///
/// A signal stores a start closure; every `subscribe` runs it anew with a fresh
/// observer (RAC's `createSignal:` / `didSubscribe`). Nothing happens until then.
///
/// ```swift
/// let numbers = Signal<Int, Never> { observer in
///   observer.send(1)
///   observer.send(2)
///   observer.sendCompleted()
///   return Disposables.empty
/// }
/// numbers.map { $0 * 10 }.subscribe(next: { print($0) })   // 10, 20
/// ```
///
/// `Failure == Never` says at the type level that a signal cannot fail.
public struct Signal<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: the start closure may capture non-Sendable state; see Observer.

  @usableFromInline
  let startHandler: (Observer<Value, Failure>, Lifetime) -> Disposable

  /// Set only on a signal made by `concat(_:)`: the signals it runs one after another,
  /// so that a concat of concats runs as one flat sequence instead of a tower of nested
  /// subscriptions (`a.concat(b).concat(c)…` 100,000 deep in constant stack).
  ///
  /// Unretained: the start closure of the same signal owns the node, so this costs no
  /// reference counting when signals are copied (a strong optional here cost 3–7
  /// instructions per event in workload 4 of `Benchmarks/`).
  @usableFromInline
  let concatenation: Unmanaged<ConcatNode<Value, Failure>>?

  /// Set only on a signal whose subscriptions of `subscribe(next:error:completed:)` make
  /// their own guard, one object fewer per subscription: a `map` (its guard applies the
  /// transform, `MappingSubscriptionSink`, instead of a `map` stage in front of a guard)
  /// and GtkReactive's signals (the handler's connection is the guard).
  ///
  /// A closure made where the signal's type is concrete, so the subscription it makes
  /// runs specialized code. It makes a signal five words instead of three, passed by
  /// address rather than in registers.
  @usableFromInline
  let subscribeDirect: SubscribeDirect?

  /// The type of `subscribeDirect`: the closures of `subscribe(next:error:completed:)`
  /// in, the guard out (typed, so that the caller's `dispose()` is a direct call).
  @usableFromInline
  package typealias SubscribeDirect = (
    ((Value) -> Void)?, ((Failure) -> Void)?, (() -> Void)?
  ) -> _SubscriptionGuard

  /// A signal that runs `startHandler` for every subscription.
  ///
  /// The observer it receives is guarded: events after a terminal event or after the
  /// subscription is disposed are dropped. The returned disposable is disposed exactly
  /// once, when the subscription ends by a terminal event or by disposal.
  @inlinable
  public init(_ startHandler: @escaping (Observer<Value, Failure>) -> Disposable) {
    self.startHandler = { observer, _ in startHandler(observer) }
    concatenation = nil
    subscribeDirect = nil
  }

  /// A signal whose start closure also receives the subscription's `Lifetime`, for
  /// producers that loop and must stop when the subscriber is gone.
  @inlinable
  public init(
    _ startHandler: @escaping (Observer<Value, Failure>, Lifetime) -> Disposable
  ) {
    self.startHandler = startHandler
    concatenation = nil
    subscribeDirect = nil
  }

  /// A signal that runs `startHandler` for every subscription but those of
  /// `subscribe(next:error:completed:)`, which `subscribeDirect` makes: a guard that
  /// behaves as a guard around `startHandler`'s producer would.
  @inlinable
  package init(
    _ startHandler: @escaping (Observer<Value, Failure>, Lifetime) -> Disposable,
    subscribeDirect: @escaping SubscribeDirect
  ) {
    self.startHandler = startHandler
    concatenation = nil
    self.subscribeDirect = subscribeDirect
  }

  /// A signal that runs the signals of `node` one after another.
  init(concatenating node: ConcatNode<Value, Failure>) {
    startHandler = { observer, lifetime in node.start(observer, lifetime) }
    concatenation = .passUnretained(node)
    subscribeDirect = nil
  }

  /// Subscribes `observer`; the returned disposable cancels the subscription.
  @inlinable
  @discardableResult
  public func subscribe(_ observer: Observer<Value, Failure>) -> Disposable {
    let sink = SubscriptionSink(observer)
    sink.start(self)
    return sink
  }

  /// Subscribes closures per kind of event; the returned disposable cancels it.
  @inlinable
  @discardableResult
  public func subscribe(
    next: consuming ((Value) -> Void)? = nil,
    error: consuming ((Failure) -> Void)? = nil,
    completed: consuming (() -> Void)? = nil
  ) -> Disposable {
    // One `_SubscriptionGuard` either way, returned once: with an early `return` of the
    // direct guard, a caller's `dispose()` went through the witness table (+16
    // instructions per subscription in workload 2 of `Benchmarks/`, which has neither).
    let sink: _SubscriptionGuard
    if let subscribeDirect {
      sink = subscribeDirect(next, error, completed)
    } else {
      sink = subscribeThroughStart(next: next, error: error, completed: completed)
    }
    return sink
  }

  /// `subscribe(next:error:completed:)` through the start closure, with a guard of the
  /// core: what a signal's `subscribeDirect` falls back on when it cannot make its own
  /// (GtkReactive's off the main thread).
  ///
  /// Consuming: the caller's closures move into the guard, no retain and release.
  @inlinable
  package func subscribeThroughStart(
    next: consuming ((Value) -> Void)?, error: consuming ((Failure) -> Void)?,
    completed: consuming (() -> Void)?
  ) -> _SubscriptionGuard {
    let plain = SubscriptionSink(
      next: consume next, error: consume error, completed: consume completed)
    plain.start(self)
    return plain
  }

  /// Runs the start closure with an unguarded observer and the downstream lifetime.
  ///
  /// Only for one-to-one operators (map, filter, …) whose upstream lives exactly as long
  /// as their own subscription: `Signal.init` already guards their downstream observer,
  /// so this saves a guard per operator per subscription. Such an operator checks
  /// `lifetime.hasEnded` before running user code.
  @inlinable
  package func start(_ observer: Observer<Value, Failure>, _ lifetime: Lifetime) -> Disposable {
    startHandler(observer, lifetime)
  }
}
