// Connections whose handler receives its subscription's observer as an argument: what
// every generated signal connects.
import CGtk
import Reactive

/// A connection that hands each emission and its observer to an `ObserverAction`, and
/// completes the observer when the handler ends other than by `dispose()` (the object
/// disposed). Ownership and disconnection are `HandlerConnection`'s.
nonisolated final class ObserverActionConnection<Value>:
  ActionConnection<Observer<Value, Never>>, @unchecked Sendable
{
  /// Connects `action` to the signal `key` of `instance` (the live object of `object`);
  /// the handler's end (the object disposed) completes `observer`.
  static func connect(
    _ instance: UnsafeMutableRawPointer, key: SignalKey, action: ObserverAction<Value>,
    object: WeakObjectRef, observer: Observer<Value, Never>
  ) -> ObserverActionConnection {
    let connection = ObserverActionConnection(action: action, context: observer, object: object)
    connection.connect(instance, key: key, action: action)
    return connection
  }

  override func ended() { context.sendCompleted() }
}
