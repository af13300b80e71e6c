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
  ///
  /// Always inlined: a member of `Reactive<Base>` is generic over `Base` and never
  /// specialized, so `ControlEvent.signal` is specialized for `Value` only where this
  /// body is inlined into a member whose `Value` is concrete (every generated signal).
  /// Unspecialized, each subscription looked up generic metadata (~600 instructions).
  @inline(__always)
  package func controlEvent<Value>(
    _ signal: SignalKey,
    sendingFirst first: ((UnsafeMutableRawPointer) -> Value?)? = nil,
    _ makeAction: @escaping (UnsafeMutableRawPointer, Observer<Value, Never>) -> SignalAction<Value>
  ) -> Signal<Value, Never> {
    ControlEvent.signal(
      WeakObjectRef.shared(base.pointer), signal, sendingFirst: first, makeAction)
  }

  /// A control event whose handler receives the subscription's observer as an argument
  /// (`action` captures nothing, so a subscription allocates no closure for it): what
  /// every generated signal connects. Always inlined, as the other form is.
  @inline(__always)
  package func controlEvent<Value>(_ signal: SignalKey, _ action: ObserverAction<Value>) -> Signal<
    Value, Never
  > {
    ControlEvent.signal(WeakObjectRef.shared(base.pointer), signal, action)
  }

  /// A control property: `get` on subscribe and after each `event` not caused by a sink;
  /// the sink calls `set` with this property's handlers blocked (through a per-object,
  /// per-event marker that every subscription checks).
  package func controlProperty<Value>(
    event: SignalKey,
    get: @escaping (UnsafeMutableRawPointer) -> Value,
    set: @escaping (UnsafeMutableRawPointer, Value) -> Void
  ) -> ControlProperty<Value> {
    let marker = g_quark_from_string("gtkreactive-setting::\(event.name)")
    let values: Signal<Value, Never> = controlEvent(event, sendingFirst: get) {
      instance, observer in
      .noArguments { _ in
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

/// Control events outside `Reactive<Base>`: code generic over `Base` is not specialized
/// (the generated members are), and looked up generic metadata on every subscription.
nonisolated enum ControlEvent {
  /// `signal` of the object `target` refers to, as a control event (see `controlEvent`).
  static func signal<Value>(
    _ target: WeakObjectRef, _ signal: SignalKey,
    sendingFirst first: ((UnsafeMutableRawPointer) -> Value?)?,
    _ makeAction: @escaping (UnsafeMutableRawPointer, Observer<Value, Never>) -> SignalAction<Value>
  ) -> Signal<Value, Never> {
    // The start closure that also receives the lifetime (unused), as below.
    Signal { observer, _ in
      // On the main thread (nearly always), at once: no closure to hop with.
      if MainThread.isCurrent {
        return connect(target, signal, sendingFirst: first, makeAction, observer)
      }
      return onMainThread { connect(target, signal, sendingFirst: first, makeAction, observer) }
    }
  }

  /// `signal` of the object `target` refers to, with an action that receives the
  /// observer (see `ObserverAction`).
  ///
  /// `subscribe(next:error:completed:)` on the main thread makes the connection its
  /// subscription's guard (`ActionConnection.subscribe`): one object per subscription
  /// instead of a guard and a connection.
  static func signal<Value>(
    _ target: WeakObjectRef, _ signal: SignalKey, _ action: ObserverAction<Value>
  ) -> Signal<Value, Never> {
    // Both closures capture the one source, so the signal costs one allocation (each
    // capturing the three values made a context of its own). The start closure also
    // receives the lifetime (unused): the one-argument form wraps it in a closure of
    // its own, one more call per subscription.
    let source = GeneratedSignalSource(target: target, key: signal, action: action)
    return Signal(
      { observer, _ in source.start(observer) },
      subscribeDirect: { next, _, completed in source.subscribe(next: next, completed: completed) })
  }

  /// One subscription with an `ObserverAction`: the handler, or completion at once when
  /// the object is gone. On the main thread (`signal` calls it there).
  ///
  /// Always inlined into the start closure: as a function of its own it cost 13
  /// instructions more per subscription.
  @inline(__always)
  fileprivate static func connect<Value>(
    _ target: WeakObjectRef, _ signal: SignalKey, _ action: ObserverAction<Value>,
    _ observer: Observer<Value, Never>
  ) -> Disposable {
    // Connecting runs none of the app's code: a widget needs no reference meanwhile.
    guard let (instance, held) = target.liveObjectOnMainThread() else {
      observer.sendCompleted()
      return Disposables.empty
    }
    defer { if held { g_object_unref(instance) } }
    return ActionConnection.connect(
      instance, key: signal, action: action, object: target, observer: observer)
  }

  /// One subscription: the handler, or completion at once when the object is gone.
  private static func connect<Value>(
    _ target: WeakObjectRef, _ signal: SignalKey,
    sendingFirst first: ((UnsafeMutableRawPointer) -> Value?)?,
    _ makeAction: (UnsafeMutableRawPointer, Observer<Value, Never>) -> SignalAction<Value>,
    _ observer: Observer<Value, Never>
  ) -> Disposable {
    let connection = target.withObject { instance -> HandlerConnection? in
      if let first, let value = first(instance) {
        observer.send(value)
        if target.isDisposed { return nil }  // the first value's observer destroyed it
      }
      return ActionConnection.connect(
        instance, key: signal, action: makeAction(instance, observer), object: target,
        observer: observer)
    }
    guard let connection, let connection else {
      observer.sendCompleted()
      return Disposables.empty
    }
    return connection
  }
}

/// Runs `work` on the main thread: now when already there, otherwise from the main loop
/// (the returned disposable then cancels or disposes what `work` returns).
package nonisolated func onMainThread(_ work: @escaping () -> Disposable) -> Disposable {
  if MainThread.isCurrent { return work() }
  let serial = SerialDisposable()
  MainThread.run { if !serial.isDisposed { serial.inner = work() } }
  return serial
}

/// What a generated signal connects: the object, the signal and its `ObserverAction`,
/// and the two ways a subscription starts (`ControlEvent.signal`).
nonisolated private final class GeneratedSignalSource<Value>: @unchecked Sendable {
  // @unchecked: immutable; the action captures nothing.
  let target: WeakObjectRef
  let key: SignalKey
  let action: ObserverAction<Value>

  init(target: WeakObjectRef, key: SignalKey, action: ObserverAction<Value>) {
    self.target = target
    self.key = key
    self.action = action
  }

  /// The start closure's work: the handler, connected on the main thread (hopping there
  /// from elsewhere), or completion at once when the object is gone.
  func start(_ observer: Observer<Value, Never>) -> Disposable {
    if MainThread.isCurrent { return ControlEvent.connect(target, key, action, observer) }
    return onMainThread { [self] in ControlEvent.connect(target, key, action, observer) }
  }

  /// `subscribe(next:error:completed:)`: on the main thread, the connection as the
  /// subscription's guard; elsewhere (a hop to the main thread) and for an object already
  /// gone (completion at once), `start(_:)` behind a guard of the core.
  func subscribe(next: ((Value) -> Void)?, completed: (() -> Void)?) -> _SubscriptionGuard {
    guard MainThread.isCurrent, let live = target.liveObjectOnMainThread() else {
      return Signal { [self] observer, _ in start(observer) }
        .subscribeThroughStart(next: next, error: nil, completed: completed)
    }
    defer { if live.held { g_object_unref(live.object) } }
    return ActionConnection.subscribe(
      live.object, key: key, action: action, object: target, next: next,
      completed: completed)
  }
}
