// Connections whose action is a closure, and those whose end completes an observer.
import CGtk
import Reactive

/// A connection whose action is a `HandlerAction` (closures that capture what they
/// need) and whose end runs `onEnd`: `watch`, and the base of `ObserverConnection`.
///
/// The action is kept in immutable `let`s, one per shape: a trampoline calls the
/// closure without copying it, where reading an enum out of a `var` cost an outlined
/// copy, a retain, a destroy and a release per emission.
nonisolated class ClosureConnection: HandlerConnection, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; `onEnd` is touched on the main thread only.
  private var onEnd: (() -> Void)?
  private let none: (() -> Bool)?
  private let one: ((UnsafeMutableRawPointer?) -> Bool)?
  private let two: ((UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)?
  private let three:
    ((UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)?
  private let values: ((GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)?

  init(action: HandlerAction, object: WeakObjectRef?, onEnd: (() -> Void)?) {
    switch action {
    case .noArguments(let action): (none, one, two, three, values) = (action, nil, nil, nil, nil)
    case .oneArgument(let action): (none, one, two, three, values) = (nil, action, nil, nil, nil)
    case .twoArguments(let action): (none, one, two, three, values) = (nil, nil, action, nil, nil)
    case .threeArguments(let action):
      (none, one, two, three, values) = (nil, nil, nil, action, nil)
    case .values(let action): (none, one, two, three, values) = (nil, nil, nil, nil, action)
    }
    self.onEnd = onEnd
    super.init(object: object)
  }

  override func ended() {
    let onEnd = self.onEnd
    self.onEnd = nil
    onEnd?()
  }

  override func emit() -> Bool { none?() ?? false }

  override func emit(_ first: UnsafeMutableRawPointer?) -> Bool { one?(first) ?? false }

  override func emit(_ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?)
    -> Bool
  {
    two?(first, second) ?? false
  }

  override func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?,
    _ third: UnsafeMutableRawPointer?
  ) -> Bool {
    three?(first, second, third) ?? false
  }

  override func emit(_ arguments: GValueArguments, result: UnsafeMutablePointer<GValue>?) {
    values?(arguments, result)
  }
}

/// A connection whose end completes an observer: what every control event connects.
nonisolated final class ObserverConnection<Value>: ClosureConnection, @unchecked Sendable {
  private let observer: Observer<Value, Never>

  private init(action: HandlerAction, object: WeakObjectRef, observer: Observer<Value, Never>) {
    self.observer = observer
    super.init(action: action, object: object, onEnd: nil)
  }

  /// Connects `action` to the signal `key` of `instance` (the live object of `object`);
  /// the handler's end (the object disposed) completes `observer`.
  static func connect(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: HandlerAction,
    object: WeakObjectRef, observer: Observer<Value, Never>
  ) -> ObserverConnection {
    let connection = ObserverConnection(action: action, object: object, observer: observer)
    connection.connect(instance, key: key, shape: action.shape)
    return connection
  }

  override func ended() { observer.sendCompleted() }
}
