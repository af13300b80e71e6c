// Signals and properties by name, checked at run time: for members the generated API
// does not have (a subclass's own signals, properties of a plugin type).
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
  /// - Throws: `GtkReactiveError.unknownSignal` when the object's class has no signal
  ///   `name` (`"clicked"`, `"notify::label"`).
  public func signal(named name: String) throws(GtkReactiveError) -> Signal<Void, Never> {
    try controlEvent(
      signalKey(name),
      .noArguments { observer in
        observer.send(())
        return false
      })
  }

  /// A GTK signal with one word-sized argument, as a signal of that argument.
  ///
  /// `handled` is returned to GTK for signals that return `gboolean` (event signals:
  /// `true` stops other handlers).
  public func signal<Argument: SignalArgument>(
    named name: String, argument: Argument.Type, handled: Bool = false
  ) throws(GtkReactiveError) -> Signal<Argument, Never> {
    try controlEvent(signalKey(name)) { _, observer in
      .oneArgument { _, raw in
        observer.send(Argument(signalArgument: raw))
        return handled
      }
    }
  }

  /// A GTK signal with two word-sized arguments, as a signal of argument pairs.
  public func signal<First: SignalArgument, Second: SignalArgument>(
    named name: String, arguments: (First.Type, Second.Type), handled: Bool = false
  ) throws(GtkReactiveError) -> Signal<(First, Second), Never> {
    try controlEvent(signalKey(name)) { _, observer in
      .twoArguments { _, first, second in
        observer.send((First(signalArgument: first), Second(signalArgument: second)))
        return handled
      }
    }
  }

  /// A GTK signal with three word-sized arguments, as a signal of argument triples.
  public func signal<First: SignalArgument, Second: SignalArgument, Third: SignalArgument>(
    named name: String, arguments: (First.Type, Second.Type, Third.Type), handled: Bool = false
  ) throws(GtkReactiveError) -> Signal<(First, Second, Third), Never> {
    try controlEvent(signalKey(name)) { _, observer in
      .threeArguments { _, first, second, third in
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
  public func notify(_ property: String) throws(GtkReactiveError) -> Signal<Void, Never> {
    _ = try Dynamic.property(of: base, property, reading: Int.self, checked: false)
    return try signal(named: "notify::\(property)")
  }

  /// The current value of `property` on subscribe, then its value after every change
  /// (RAC's `RACObserve`).
  public func observe<Value: GValueConvertible>(
    _ property: String, as type: Value.Type = Value.self
  ) throws(GtkReactiveError) -> Signal<Value, Never> {
    observe(try Dynamic.property(of: base, property, reading: Value.self))
  }

  /// `property` as a two-way `ControlProperty` (current value, then changes; a sink
  /// that sets it without echo).
  public func property<Value: GValueConvertible>(
    _ property: String, as type: Value.Type = Value.self
  ) throws(GtkReactiveError) -> ControlProperty<Value> {
    let key = try Dynamic.property(of: base, property, reading: Value.self)
    try Dynamic.checkWritable(base, property, Value.self)
    return self.property(key)
  }

  /// A `Binder` that sets `property`.
  public func binder<Value: GValueConvertible>(
    _ property: String, as type: Value.Type = Value.self
  ) throws(GtkReactiveError) -> Binder<Value> {
    let key = try Dynamic.property(of: base, property, reading: Value.self, checked: false)
    try Dynamic.checkWritable(base, property, Value.self)
    return binder(key)
  }

  /// The key of signal `name` of the object's class.
  func signalKey(_ name: String) throws(GtkReactiveError) -> SignalKey {
    var id: guint = 0
    var detail: GQuark = 0
    guard g_signal_parse_name(name, cgtk_object_type(base.pointer), &id, &detail, 1) != 0
    else { throw .unknownSignal(type: base.typeName, name: name) }
    return SignalKey(name: name, id: id, detail: detail)
  }
}
