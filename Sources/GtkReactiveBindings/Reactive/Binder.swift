// Binder: a sink that applies values to a GTK object on the main loop.
import CGtk
import Reactive

/// A sink that applies values to a GTK object: the target of `signal.bind(to:)`.
///
/// A binder holds its target weakly (a GLib weak reference), so a binding never keeps a
/// widget alive; values arriving after the widget is destroyed are dropped. Values are
/// applied on the main loop: at once on the main thread, otherwise from an idle source.
/// Only signals that cannot fail (`Failure == Never`) can be bound to it, so a binding
/// never has to decide what an error means for a widget.
public struct Binder<Value>: @unchecked Sendable {
  // @unchecked: values are applied on the main thread only (`on` hops there).
  nonisolated private let target: WeakObjectRef
  /// Called only on the main thread (`on` hops there), hence the unsafe opt-out.
  nonisolated(unsafe) private let apply: (UnsafeMutableRawPointer, Value) -> Void

  /// A binder that calls `binding` with the live `target` and each value.
  ///
  /// ```swift
  /// let subtitle = Binder(headerBar) { bar, text in bar.subtitle = text }
  /// ```
  public init<Target: Object>(_ target: Target, binding: @escaping (Target, Value) -> Void) {
    self.target = WeakObjectRef(target.pointer)
    self.apply = { object, value in binding(Object.wrap(object, as: Target.self)!, value) }
  }

  /// A binder over the raw instance pointer, for the library's own leaves.
  package init(_ target: Object, raw apply: @escaping (UnsafeMutableRawPointer, Value) -> Void) {
    self.target = WeakObjectRef(target.pointer)
    self.apply = apply
  }

  /// Applies `value` to the target if it is still alive, on the main loop.
  nonisolated public func on(_ value: Value) {
    if MainThread.isCurrent {
      target.withObject { apply($0, value) }
    } else {
      // Safe: only the main thread uses the box once it gets there.
      let box = UncheckedSendable((self, value))
      MainThread.run { box.value.0.target.withObject { box.value.0.apply($0, box.value.1) } }
    }
  }
}

extension Signal where Failure == Never {
  /// Applies every value to `binder`; the returned disposable ends the binding.
  ///
  /// Only signals that cannot fail can be bound: map or catch errors first.
  @discardableResult
  public func bind(to binder: Binder<Value>) -> Disposable {
    subscribe(next: { binder.on($0) })
  }

  /// Sets every value on `property` through its sink (without echo).
  @discardableResult
  public func bind(to property: ControlProperty<Value>) -> Disposable {
    bind(to: property.sink)
  }

  /// Hands this signal to a binding function such as `iconView.rx.items(…)`.
  public func bind<Result>(to binding: (Signal) -> Result) -> Result {
    binding(self)
  }
}
