// A connection that keeps a `SignalAction` and the observer it hands to every call.
import CGtk
import Reactive

/// A connection whose action is a `SignalAction`, called with `observer`; its end (the
/// object disposed, not `dispose()`) completes `observer`.
///
/// Every handler Swift connects is one: generated signals (an `ObserverAction` and the
/// subscription's observer), the hand-written layer's control events (closures that
/// capture the observer they send to), signals declared in Swift and `watch` (a
/// `HandlerAction`, with an observer that runs `watch`'s closure on completion). One
/// final class with no more than it needs: a subclass per kind, or a closure for the
/// end beside the observer, cost instructions on every subscription.
///
/// The action is kept in immutable `let`s, one per shape: a trampoline calls the
/// closure without copying it, where reading an enum out of a `var` cost an outlined
/// copy, a retain, a destroy and a release per emission.
nonisolated final class ActionConnection<Value>: HandlerConnection, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; the `let`s never change.
  /// What every call of the action receives first; completed at the end.
  private let observer: Observer<Value, Never>
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

  /// A connection not yet connected: `connect(_:key:shape:)` connects it.
  ///
  /// Consuming: the action's closure and the observer move in, where copies cost a
  /// retain and a release each per subscription.
  init(
    action: consuming SignalAction<Value>, observer: consuming Observer<Value, Never>,
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
    self.observer = observer
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

  override func ended() { observer.sendCompleted() }

  override func emit() -> Bool { none?(observer) ?? false }

  override func emit(_ first: UnsafeMutableRawPointer?) -> Bool {
    one?(observer, first) ?? false
  }

  override func emit(_ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?)
    -> Bool
  {
    two?(observer, first, second) ?? false
  }

  override func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?,
    _ third: UnsafeMutableRawPointer?
  ) -> Bool {
    three?(observer, first, second, third) ?? false
  }

  override func emit(_ arguments: GValueArguments, result: UnsafeMutablePointer<GValue>?) {
    values?(observer, arguments, result)
  }
}
