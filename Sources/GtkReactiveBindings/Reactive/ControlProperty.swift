// ControlProperty: a user-editable value of a control, as a signal and a sink.
import Reactive

/// A value the user can change (an entry's text, a toggle's state), as a signal of its
/// current value and user changes plus a sink that sets it.
///
/// Subscribing sends the current value, then a value per change. Setting it through
/// `sink` (or `bind(to:)`) blocks this property's handlers while it sets, in every
/// subscription of this property of this object, so a two-way binding cannot loop:
/// programmatic sets are not echoed. Completes when the object is destroyed or finalized.
public struct ControlProperty<Value> {
  /// The current value on subscribe, then every change not made through a sink.
  public let values: Signal<Value, Never>
  /// Sets the value without echo.
  public let sink: Binder<Value>

  /// A property from its signal and sink.
  public init(values: Signal<Value, Never>, sink: Binder<Value>) {
    self.values = values
    self.sink = sink
  }

  /// Subscribes to `values`.
  @discardableResult
  public func subscribe(
    next: ((Value) -> Void)? = nil, completed: (() -> Void)? = nil
  ) -> Disposable {
    values.subscribe(next: next, completed: completed)
  }

  /// Only the changes: `values` without the current value sent on subscribe.
  public var changes: Signal<Value, Never> { values.skip(1) }

  /// Sets `value`, as `sink.on(value)` does.
  public func on(_ value: Value) { sink.on(value) }
}
