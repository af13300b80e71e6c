// The primitives generated members build on: connect by key, properties by key.
import CGtk
import Reactive

extension Object {
  /// The value of a GObject property (the generated properties' storage).
  public subscript<Value: GValueConvertible>(key: PropertyKey<Value>) -> Value {
    get { key.get(pointer) }
    set { key.set(pointer, newValue) }
  }
}

extension Reactive where Base: Object {
  /// A signal of the object through its key: each subscription connects a handler built
  /// by `makeAction` for its observer; the guarantees of every control event hold.
  /// Always inlined, as `controlEvent` is, so that it is specialized for `Value`.
  @inline(__always)
  package func connect<Value>(
    _ key: SignalKey,
    _ makeAction: @escaping (UnsafeMutableRawPointer, Observer<Value, Never>) -> SignalAction<Value>
  ) -> Signal<Value, Never> {
    controlEvent(key, makeAction)
  }

  /// A read-write property as a `ControlProperty`: the current value, then every change
  /// not made through its sink; the sink sets it without echo.
  package func property<Value: GValueConvertible>(
    _ key: PropertyKey<Value>
  ) -> ControlProperty<Value> {
    controlProperty(event: key.notify, get: key.get, set: key.set)
  }

  /// A signal of the object through its key, with an action that receives the
  /// subscription's observer and captures nothing (see `ObserverAction`): what the
  /// generator emits. Always inlined, so that it is specialized for `Value`.
  @inline(__always)
  package func connect<Value>(_ key: SignalKey, _ action: ObserverAction<Value>) -> Signal<
    Value, Never
  > {
    controlEvent(key, action)
  }

  /// A readable property as a signal: the current value, then its value after every change.
  package func observe<Value: GValueConvertible>(
    _ key: PropertyKey<Value>
  ) -> Signal<Value, Never> {
    controlEvent(key.notify, sendingFirst: key.get) { instance, observer in
      .noArguments { _ in
        observer.send(key.get(instance))
        return false
      }
    }
  }

  /// A writable property as a `Binder`.
  package func binder<Value: GValueConvertible>(_ key: PropertyKey<Value>) -> Binder<Value> {
    Binder(base, raw: key.set)
  }
}
