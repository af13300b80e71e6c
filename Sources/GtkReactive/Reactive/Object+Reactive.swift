// The primitives every generated and hand-written member builds on: control events,
// control properties, and the end of an object.
import CGtk
import Reactive

extension Reactive where Base: Object {
  /// Sends one `Void` and completes when the object is disposed (a widget destroyed, any
  /// object finalized); sends and completes at once when it already is.
  public var destroyed: Signal<Void, Never> {
    let target = WeakObjectRef.shared(base.pointer)
    return Signal { observer in
      onMainThread {
        let connection = target.withObject { instance in
          HandlerConnection.watch(instance) {
            observer.send(())
            observer.sendCompleted()
          }
        }
        guard let connection else {
          observer.send(())
          observer.sendCompleted()
          return Disposables.empty
        }
        return connection
      }
    }
  }

  /// The object's lifetime: it ends when the object is disposed (a widget destroyed,
  /// any object finalized), or at once if it already is. Bind work to it with
  /// `take(during:)`, or run cleanup with `observeEnded`.
  ///
  /// ```swift
  /// clock.ticks.take(during: label.rx.lifetime).map(format).bind(to: label.rx.text)
  /// ```
  public var lifetime: Lifetime {
    let (lifetime, token) = Lifetime.make()
    // The subscription holds the token until the end; it ends with the object.
    _ = destroyed.subscribe(completed: { token.end() })
    return lifetime
  }

  // MARK: - Building blocks for leaves

  /// A control event: connects `signal` per subscription with the action `makeAction`
  /// builds for that subscription's observer. The action receives the live instance
  /// pointer and must not retain it.
  func controlEvent<Value>(
    _ signal: SignalKey,
    sendingFirst first: ((UnsafeMutableRawPointer) -> Value?)? = nil,
    _ makeAction: @escaping (UnsafeMutableRawPointer, Observer<Value, Never>) -> HandlerAction
  ) -> Signal<Value, Never> {
    let target = WeakObjectRef.shared(base.pointer)
    return Signal { observer in
      onMainThread {
        let connection = target.withObject { instance -> HandlerConnection in
          if let value = first?(instance) { observer.send(value) }
          return HandlerConnection.connect(
            instance, key: signal, action: makeAction(instance, observer),
            onEnd: { observer.sendCompleted() })
        }
        guard let connection else {
          observer.sendCompleted()
          return Disposables.empty
        }
        return connection
      }
    }
  }

  /// A control property: `get` on subscribe and after each `event` not caused by a sink;
  /// the sink calls `set` with this property's handlers blocked (through a per-object,
  /// per-event marker that every subscription checks).
  func controlProperty<Value>(
    event: SignalKey,
    get: @escaping (UnsafeMutableRawPointer) -> Value,
    set: @escaping (UnsafeMutableRawPointer, Value) -> Void
  ) -> ControlProperty<Value> {
    let marker = g_quark_from_string("gtkreactive-setting::\(event.name)")
    let values: Signal<Value, Never> = controlEvent(event, sendingFirst: get) {
      instance, observer in
      .noArguments {
        if g_object_get_qdata(instance.assumingMemoryBound(to: GObject.self), marker) == nil {
          observer.send(get(instance))
        }
        return false
      }
    }
    let sink = Binder<Value>(
      base,
      raw: { instance, value in
        let object = instance.assumingMemoryBound(to: GObject.self)
        let depth = Int(bitPattern: g_object_get_qdata(object, marker))
        g_object_set_qdata(object, marker, UnsafeMutableRawPointer(bitPattern: depth + 1))
        set(instance, value)
        g_object_set_qdata(object, marker, UnsafeMutableRawPointer(bitPattern: depth))
      })
    return ControlProperty(values: values, sink: sink)
  }
}

/// Runs `work` on the main thread: now when already there, otherwise from the main loop
/// (the returned disposable then cancels or disposes what `work` returns).
func onMainThread(_ work: @escaping () -> Disposable) -> Disposable {
  if MainThread.isCurrent { return work() }
  let serial = SerialDisposable()
  MainThread.run { if !serial.isDisposed { serial.inner = work() } }
  return serial
}
