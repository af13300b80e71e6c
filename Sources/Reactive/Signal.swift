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

  /// Set only on a signal made by `map`: subscribes the closures of
  /// `subscribe(next:error:completed:)` with one guard that also applies the transform
  /// (`MappingSubscriptionSink`), instead of a `map` stage in front of a guard: one
  /// allocation fewer per subscription.
  ///
  /// A closure made where `map` is specialized, so the subscription it makes runs
  /// specialized code. It makes a signal five words instead of three, passed by address
  /// rather than in registers.
  @usableFromInline
  let subscribeMapped: SubscribeMapped?

  /// The type of `subscribeMapped`: the closures of `subscribe(next:error:completed:)`
  /// in, the guard out (typed, so that the caller's `dispose()` is a direct call).
  @usableFromInline
  typealias SubscribeMapped = (
    ((Value) -> Void)?, ((Failure) -> Void)?, (() -> Void)?
  ) -> SubscriptionSink<Value, Failure>

  /// A signal that runs `startHandler` for every subscription.
  ///
  /// The observer it receives is guarded: events after a terminal event or after the
  /// subscription is disposed are dropped. The returned disposable is disposed exactly
  /// once, when the subscription ends by a terminal event or by disposal.
  @inlinable
  public init(_ startHandler: @escaping (Observer<Value, Failure>) -> Disposable) {
    self.startHandler = { observer, _ in startHandler(observer) }
    concatenation = nil
    subscribeMapped = nil
  }

  /// A signal whose start closure also receives the subscription's `Lifetime`, for
  /// producers that loop and must stop when the subscriber is gone.
  @inlinable
  public init(
    _ startHandler: @escaping (Observer<Value, Failure>, Lifetime) -> Disposable
  ) {
    self.startHandler = startHandler
    concatenation = nil
    subscribeMapped = nil
  }

  /// A signal made by `map`: `startHandler` for every subscription but those of
  /// `subscribe(next:error:completed:)`, which `subscribeMapped` makes.
  @inlinable
  init(
    _ startHandler: @escaping (Observer<Value, Failure>, Lifetime) -> Disposable,
    subscribeMapped: @escaping SubscribeMapped
  ) {
    self.startHandler = startHandler
    concatenation = nil
    self.subscribeMapped = subscribeMapped
  }

  /// A signal that runs the signals of `node` one after another.
  init(concatenating node: ConcatNode<Value, Failure>) {
    startHandler = { observer, lifetime in node.start(observer, lifetime) }
    concatenation = .passUnretained(node)
    subscribeMapped = nil
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
    // One `SubscriptionSink` either way, returned once: with an early `return` of the
    // mapped guard, a caller's `dispose()` went through the witness table (+16
    // instructions per subscription in workload 2 of `Benchmarks/`, which has no `map`).
    let sink: SubscriptionSink<Value, Failure>
    if let subscribeMapped {
      sink = subscribeMapped(next, error, completed)
    } else {
      // Consumed: the caller's closures move into the guard, no retain and release.
      let plain = SubscriptionSink(
        next: consume next, error: consume error, completed: consume completed)
      plain.start(self)
      sink = plain
    }
    return sink
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
