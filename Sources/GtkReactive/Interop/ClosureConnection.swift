// Connections whose action is a closure, and those whose end completes an observer.
import CGtk
import Reactive

/// A connection whose action is a `HandlerAction` (closures that capture what they
/// need) and whose end runs `onEnd`: `watch`, and signals declared in Swift.
nonisolated final class ClosureConnection: ActionConnection<Void>, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; `onEnd` is touched on the main thread only.
  private var onEnd: (() -> Void)?

  init(action: HandlerAction, object: WeakObjectRef?, onEnd: (() -> Void)?) {
    self.onEnd = onEnd
    super.init(action: action, context: (), object: object)
  }

  override func ended() {
    let onEnd = self.onEnd
    self.onEnd = nil
    onEnd?()
  }
}

/// A connection with a `HandlerAction` whose end completes an observer: the control
/// events of the hand-written layer.
nonisolated final class ObserverConnection<Value>: ActionConnection<Void>, @unchecked Sendable {
  private let observer: Observer<Value, Never>

  private init(action: HandlerAction, object: WeakObjectRef, observer: Observer<Value, Never>) {
    self.observer = observer
    super.init(action: action, context: (), object: object)
  }

  /// Connects `action` to the signal `key` of `instance` (the live object of `object`);
  /// the handler's end (the object disposed) completes `observer`.
  static func connect(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: HandlerAction,
    object: WeakObjectRef, observer: Observer<Value, Never>
  ) -> ObserverConnection {
    let connection = ObserverConnection(action: action, object: object, observer: observer)
    connection.connect(instance, key: key, action: action)
    return connection
  }

  override func ended() { observer.sendCompleted() }
}
