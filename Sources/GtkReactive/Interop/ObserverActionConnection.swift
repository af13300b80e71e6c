// Handlers that receive their subscription's observer as an argument: what every generated
// signal connects, one allocation less per subscription than a closure capturing it.
import CGtk
import Reactive

/// What a handler does with the arguments GTK passes and the observer of its subscription.
///
/// The cases mirror `HandlerAction`'s, with the observer passed in rather than captured:
/// a closure that captures nothing is a constant (no allocation), where one capturing the
/// observer was a context allocated, and released, per subscription. Generated signals
/// use this; `HandlerAction` stays for handlers that must capture other state.
nonisolated package enum ObserverAction<Value> {
  /// Arguments ignored (connected swapped); the result is returned to signals that
  /// expect a `gboolean`.
  case noArguments((Observer<Value, Never>) -> Bool)
  /// One word-sized argument.
  case oneArgument((Observer<Value, Never>, UnsafeMutableRawPointer?) -> Bool)
  /// Two word-sized arguments.
  case twoArguments(
    (Observer<Value, Never>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Three word-sized arguments.
  case threeArguments(
    (
      Observer<Value, Never>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
      UnsafeMutableRawPointer?
    ) -> Bool)
  /// Any signature, through GValue marshalling: the arguments (index 0 is the instance)
  /// and the return value to set (`nil` for signals that return nothing).
  case values((Observer<Value, Never>, GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)

  /// How GLib calls the handler, as for `HandlerAction.shape`.
  var shape: HandlerShape {
    switch self {
    case .noArguments: .noArguments
    case .oneArgument: .oneArgument
    case .twoArguments: .twoArguments
    case .threeArguments: .threeArguments
    case .values: .values
    }
  }
}

/// A connection that hands each emission and its observer to an `ObserverAction`, and
/// completes the observer when the handler ends other than by `dispose()` (the object
/// disposed). Ownership and disconnection are `HandlerConnection`'s.
nonisolated final class ObserverActionConnection<Value>: HandlerConnection, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; the `let`s below never change.
  private let observer: Observer<Value, Never>
  // One `let` per shape, as in `HandlerConnection`: called without copying an enum.
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

  private init(
    action: ObserverAction<Value>, object: WeakObjectRef, observer: Observer<Value, Never>
  ) {
    switch action {
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
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: ObserverAction<Value>,
    object: WeakObjectRef, observer: Observer<Value, Never>
  ) -> ObserverActionConnection {
    let connection = ObserverActionConnection(action: action, object: object, observer: observer)
    connection.connect(instance, key: key, shape: action.shape)
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
