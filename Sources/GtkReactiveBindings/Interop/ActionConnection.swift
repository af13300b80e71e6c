// A connection that keeps a `SignalAction` and the observer it hands to every call.
import CGtk
import Reactive

/// A connection whose action is a `SignalAction`, called with an observer; its end (the
/// object disposed, not `dispose()`) completes that observer.
///
/// Every handler Swift connects is one: generated signals (an `ObserverAction` and the
/// subscription's observer), the hand-written layer's control events (closures that
/// capture the observer they send to), signals declared in Swift and `watch` (a
/// `HandlerAction`, with an observer that runs `watch`'s closure on completion). One
/// final class with no more than it needs: a subclass per kind, or a closure for the
/// end beside the observer, cost instructions on every subscription.
///
/// Two ways to receive: an `observer` handed in (a guard of the core's, or a watcher's),
/// or, for `subscribe(next:error:completed:)` on a generated signal, the subscriber's
/// handlers kept here (`nextHandler`, `completedHandler`): the connection is then the
/// subscription's only guard, and each call of the action gets an observer that sends to
/// this connection, made per call by `makeObserver`. The connection cannot keep an
/// observer that refers to itself without a cycle; and an observer made in the `emit`
/// overrides, which run unspecialized, sent every value through generic code (550
/// instructions per emission of metadata look-ups), where `makeObserver` is a closure
/// made where the connection's type is concrete.
///
/// The action is kept in immutable `let`s, one per shape: a trampoline calls the
/// closure without copying it, where reading an enum out of a `var` cost an outlined
/// copy, a retain, a destroy and a release per emission.
nonisolated final class ActionConnection<Value>: HandlerConnection, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; the `let`s never change.
  /// What every call of the action receives first; completed at the end. Unused (one that
  /// ignores everything) when the connection is its subscription's guard.
  private let observer: Observer<Value, Never>
  /// Whether the connection is its subscription's guard: the action's observer is then
  /// made per call (`makeObserver`), and values go to `nextHandler`.
  private let isGuard: Bool
  /// The subscriber's handlers, when the connection is its subscription's guard.
  private let nextHandler: ((Value) -> Void)?
  private let completedHandler: (() -> Void)?
  /// Makes the observer of one call (see above), when the connection is its
  /// subscription's guard. Captures nothing: a constant, not an allocation. Not optional,
  /// and the shapes' actions are called through `?.` without binding them: a bound
  /// optional closure is copied, an outlined retain and release per emission.
  private let makeObserver: (ActionConnection<Value>) -> Observer<Value, Never>
  private let none: ((Observer<Value, Never>) -> Bool)?
  private let one: ((Observer<Value, Never>, UnsafeMutableRawPointer?) -> Bool)?
  private let two:
    ((Observer<Value, Never>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)?
  private let three:
    (
      (
        Observer<Value, Never>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?
      ) -> Bool
    )?
  private let values:
    ((Observer<Value, Never>, GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)?

  /// A connection not yet connected that calls `action` with `observer` (or, with no
  /// observer, with one that sends to `next` and `completed`): `connect(_:key:shape:)`
  /// connects it.
  ///
  /// Consuming: the action's closure and the observer move in, where copies cost a
  /// retain and a release each per subscription.
  init(
    action: consuming SignalAction<Value>, observer: consuming Observer<Value, Never>?,
    next: consuming ((Value) -> Void)? = nil, completed: consuming (() -> Void)? = nil,
    makeObserver: @escaping (ActionConnection<Value>) -> Observer<Value, Never> = {
      _ in Observer { _ in }
    },
    object: Unmanaged<WeakObjectRef>?
  ) {
    switch consume action {
    case .noArguments(let action): (none, one, two, three, values) = (action, nil, nil, nil, nil)
    case .oneArgument(let action): (none, one, two, three, values) = (nil, action, nil, nil, nil)
    case .twoArguments(let action): (none, one, two, three, values) = (nil, nil, action, nil, nil)
    case .threeArguments(let action):
      (none, one, two, three, values) = (nil, nil, nil, action, nil)
    case .values(let action): (none, one, two, three, values) = (nil, nil, nil, nil, action)
    }
    switch consume observer {
    case .some(let observer): (self.observer, isGuard) = (observer, false)
    case .none: (self.observer, isGuard) = (Observer { _ in }, true)
    }
    nextHandler = next
    completedHandler = completed
    self.makeObserver = makeObserver
    super.init(object: object)
  }

  /// Connects `action` to the signal `key` of `instance` (the live object of `object`);
  /// the handler's end (the object disposed) completes `observer`.
  static func connect(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: consuming SignalAction<Value>,
    object: WeakObjectRef, observer: consuming Observer<Value, Never>
  ) -> ActionConnection {
    let shape = action.shape
    let connection = ActionConnection(
      action: action, observer: observer, object: .passUnretained(object))
    connection.connect(instance, key: key, shape: shape)
    return connection
  }

  /// Connects `action` to the signal `key` of `instance` (the live object of `object`)
  /// as a subscription of its own: values go to `next` until the returned guard is
  /// disposed; the object's disposal calls `completed`.
  static func subscribe(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: consuming SignalAction<Value>,
    object: WeakObjectRef, next: consuming ((Value) -> Void)?,
    completed: consuming (() -> Void)?
  ) -> ActionConnection {
    let shape = action.shape
    let connection = ActionConnection(
      action: action, observer: nil, next: next, completed: completed,
      makeObserver: { connection in Observer { connection.on($0) } },
      object: .passUnretained(object))
    connection.connect(instance, key: key, shape: shape)
    return connection
  }

  /// An event the action sent to the connection that is its subscription's guard.
  private final func on(_ event: Event<Value, Never>) {
    switch event {
    case .next(let value): if !_hasEnded { nextHandler?(value) }
    case .completed: _end { completedHandler?() }
    case .failed(let never): switch never {}
    }
  }

  override func ended() {
    if isGuard {
      on(.completed)
    } else {
      _end { observer.sendCompleted() }
    }
  }

  // Each emission keeps the connection alive until the action returns (its trampoline
  // holds no reference): the per-call observer of a guard holds it; otherwise `retained`.

  override func emit() -> Bool {
    if isGuard { return none?(makeObserver(self)) ?? false }
    return retained { none?(observer) ?? false }
  }

  override func emit(_ first: UnsafeMutableRawPointer?) -> Bool {
    if isGuard { return one?(makeObserver(self), first) ?? false }
    return retained { one?(observer, first) ?? false }
  }

  override func emit(_ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?)
    -> Bool
  {
    if isGuard { return two?(makeObserver(self), first, second) ?? false }
    return retained { two?(observer, first, second) ?? false }
  }

  override func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?,
    _ third: UnsafeMutableRawPointer?
  ) -> Bool {
    if isGuard { return three?(makeObserver(self), first, second, third) ?? false }
    return retained { three?(observer, first, second, third) ?? false }
  }

  override func emit(_ arguments: GValueArguments, result: UnsafeMutablePointer<GValue>?) {
    if isGuard {
      values?(makeObserver(self), arguments, result)
    } else {
      retained { values?(observer, arguments, result) }
    }
  }

  /// Runs `call` with a reference to the connection held, given back after it returns.
  @inline(__always)
  private func retained<Result>(_ call: () -> Result) -> Result {
    let reference = Unmanaged.passRetained(self)
    defer { reference.release() }
    return call()
  }
}
