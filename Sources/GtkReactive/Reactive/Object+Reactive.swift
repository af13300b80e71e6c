// The generic primitives every leaf builds on: signals, notify, properties, binders.
import CGtk
import Reactive

/// A type a signal's word-sized C argument can be read as (`gpointer`, `gint`, `guint`,
/// `gboolean`, an enum): for `rx.signal(named:argument:)`.
public protocol SignalArgument {
  /// Reads the argument from the register-sized value GTK passed.
  init(signalArgument raw: UnsafeMutableRawPointer?)
}

extension Optional: SignalArgument where Wrapped == UnsafeMutableRawPointer {
  /// The pointer as passed.
  public init(signalArgument raw: UnsafeMutableRawPointer?) { self = raw }
}

extension Int32: SignalArgument {
  /// The low 32 bits (a C `int` or enum).
  public init(signalArgument raw: UnsafeMutableRawPointer?) {
    self = Int32(truncatingIfNeeded: Int(bitPattern: raw))
  }
}

extension UInt32: SignalArgument {
  /// The low 32 bits (a C `guint` or flags).
  public init(signalArgument raw: UnsafeMutableRawPointer?) {
    self = UInt32(truncatingIfNeeded: UInt(bitPattern: raw))
  }
}

extension Bool: SignalArgument {
  /// A `gboolean` (its low 32 bits are non-zero).
  public init(signalArgument raw: UnsafeMutableRawPointer?) {
    self = Int32(truncatingIfNeeded: Int(bitPattern: raw)) != 0
  }
}

extension Reactive where Base: Object {
  /// Any GTK signal of the object, as a signal of `Void` per emission.
  ///
  /// Arguments are ignored, so this fits every signal; signals that return `gboolean`
  /// get `false` (let other handlers run). Like every control event it never fails,
  /// delivers on the main thread, completes when the object is destroyed or finalized
  /// (at once if it already is), and disposing disconnects the handler.
  /// - Precondition: the object's class has a signal `name` (`"clicked"`,
  ///   `"notify::label"`).
  public func signal(named name: String) -> Signal<Void, Never> {
    controlEvent(signalKey(name)) { _, observer in
      .noArguments {
        observer.send(())
        return false
      }
    }
  }

  /// A GTK signal with one word-sized argument, as a signal of that argument.
  ///
  /// `handled` is returned to GTK for signals that return `gboolean` (event signals:
  /// `true` stops other handlers).
  public func signal<Argument: SignalArgument>(
    named name: String, argument: Argument.Type, handled: Bool = false
  ) -> Signal<Argument, Never> {
    controlEvent(signalKey(name)) { _, observer in
      .oneArgument { raw in
        observer.send(Argument(signalArgument: raw))
        return handled
      }
    }
  }

  /// A GTK signal with two word-sized arguments, as a signal of argument pairs.
  public func signal<First: SignalArgument, Second: SignalArgument>(
    named name: String, arguments: (First.Type, Second.Type), handled: Bool = false
  ) -> Signal<(First, Second), Never> {
    controlEvent(signalKey(name)) { _, observer in
      .twoArguments { first, second in
        observer.send((First(signalArgument: first), Second(signalArgument: second)))
        return handled
      }
    }
  }

  /// A GTK signal with three word-sized arguments, as a signal of argument triples.
  public func signal<First: SignalArgument, Second: SignalArgument, Third: SignalArgument>(
    named name: String, arguments: (First.Type, Second.Type, Third.Type), handled: Bool = false
  ) -> Signal<(First, Second, Third), Never> {
    controlEvent(signalKey(name)) { _, observer in
      .threeArguments { first, second, third in
        observer.send(
          (
            First(signalArgument: first), Second(signalArgument: second),
            Third(signalArgument: third)
          ))
        return handled
      }
    }
  }

  /// `notify::property`: one `Void` per change of `property`, however it was made (the
  /// KVO analogue).
  public func notify(_ property: String) -> Signal<Void, Never> {
    GValues.checkProperty(base.pointer, property)
    return signal(named: "notify::\(property)")
  }

  /// The current value of `property` on subscribe, then its value after every change
  /// (RAC's `RACObserve`).
  public func observe<Value: GValueConvertible>(
    _ property: String, as type: Value.Type = Value.self
  ) -> Signal<Value, Never> {
    observe(propertyKey(property, as: Value.self))
  }

  /// `property` as a two-way `ControlProperty` (current value, then changes; a sink
  /// that sets it without echo).
  public func property<Value: GValueConvertible>(
    _ property: String, as type: Value.Type = Value.self
  ) -> ControlProperty<Value> {
    self.property(propertyKey(property, as: Value.self))
  }

  /// A `Binder` that sets `property`.
  public func binder<Value: GValueConvertible>(
    _ property: String, as type: Value.Type = Value.self
  ) -> Binder<Value> {
    binder(propertyKey(property, as: Value.self))
  }

  /// Sends one `Void` and completes when the object is disposed (a widget destroyed, any
  /// object finalized); sends and completes at once when it already is.
  public var destroyed: Signal<Void, Never> {
    let target = WeakObjectRef(base.pointer)
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

  // MARK: - Building blocks for leaves

  /// A control event: connects `signal` per subscription with the action `makeAction`
  /// builds for that subscription's observer. The action receives the live instance
  /// pointer and must not retain it.
  func controlEvent<Value>(
    _ signal: SignalKey,
    sendingFirst first: ((UnsafeMutableRawPointer) -> Value?)? = nil,
    _ makeAction: @escaping (UnsafeMutableRawPointer, Observer<Value, Never>) -> HandlerAction
  ) -> Signal<Value, Never> {
    let target = WeakObjectRef(base.pointer)
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

  /// The key of signal `name` of the object's class; traps with a precise message when
  /// the class has none.
  func signalKey(_ name: String) -> SignalKey {
    var id: guint = 0
    var detail: GQuark = 0
    guard g_signal_parse_name(name, cgtk_object_type(base.pointer), &id, &detail, 1) != 0
    else {
      preconditionFailure("GtkReactive: \(base.typeName) has no signal '\(name)'")
    }
    return SignalKey(name: name, id: id, detail: detail)
  }

  /// The key of property `name` of the object's class; traps with a precise message when
  /// the class has none.
  func propertyKey<Value>(_ name: String, as type: Value.Type) -> PropertyKey<Value> {
    PropertyKey(name: name, valueType: GValues.checkProperty(base.pointer, name))
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
