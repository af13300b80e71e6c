// Signals declared in Swift: registered with GObject, emitted and observed typed.
import CGtk
import Reactive

/// A signal of a class declared in Swift: the common part of every `ObjectSignal`, which
/// the class lists in `signals`.
public class SignalDeclaration {
  /// The signal's name, as GObject spells it (`segment-activated`).
  public let name: String
  let parameterTypes: [GType]
  let returnType: GType
  /// The id GObject gave the signal (set at registration).
  var id: guint = 0

  init(name: String, parameterTypes: [GType], returnType: GType) {
    self.name = name
    self.parameterTypes = parameterTypes
    self.returnType = returnType
  }

  /// The Swift class that declares the signal.
  var ownerClass: Object.Type { preconditionFailure("abstract") }
}

/// A signal of `Owner` that carries a `Value` and whose handlers return a `Result`
/// (`Void` for none): GObject knows it (`g_signal_connect` and UI files can connect to
/// it), and Swift emits and observes it typed.
///
/// ```swift
/// static let segmentActivated = ObjectSignal<FolderChart, String, Void>("segment-activated")
/// static let signals: [SignalDeclaration] = [segmentActivated]
/// …
/// emit(Self.segmentActivated, path)                       // in the class
/// chart.rx.signal(FolderChart.segmentActivated)           // a Signal<String, Never>
/// ```
///
/// `Value` is `Void`, one `GValueConvertible` type, or a pair of them; `Result` is `Void`
/// or a `GValueConvertible` type. A `Bool` result stops the emission at the first
/// handler that returns `true` (as GTK's event signals do); any other result is the
/// first handler's.
public final class ObjectSignal<Owner: ObjectSubclass, Value, Result>: SignalDeclaration {
  let readValue: (GValueArguments) -> Value
  let writeValue: (Value, UnsafeMutablePointer<GValue>) -> Void
  let readResult: (UnsafePointer<GValue>?) -> Result
  let writeResult: (Result, UnsafeMutablePointer<GValue>?) -> Void
  private var key: SignalKey?

  private init(
    name: String, parameterTypes: [GType], returnType: GType,
    readValue: @escaping (GValueArguments) -> Value,
    writeValue: @escaping (Value, UnsafeMutablePointer<GValue>) -> Void,
    readResult: @escaping (UnsafePointer<GValue>?) -> Result,
    writeResult: @escaping (Result, UnsafeMutablePointer<GValue>?) -> Void
  ) {
    self.readValue = readValue
    self.writeValue = writeValue
    self.readResult = readResult
    self.writeResult = writeResult
    super.init(name: name, parameterTypes: parameterTypes, returnType: returnType)
  }

  override var ownerClass: Object.Type { Owner.self }

  /// The key the generic signal machinery connects through (registering `Owner` first).
  var signalKey: SignalKey {
    if let key { return key }
    _ = Owner.gType
    let key = SignalKey(name: name, id: id, detail: 0)
    self.key = key
    return key
  }
}

extension ObjectSignal where Result == Void {
  /// A signal `name` without arguments.
  public convenience init(_ name: String) where Value == Void {
    self.init(
      name: name, parameterTypes: [], returnType: cgtk_type_none(), readValue: { _ in },
      writeValue: { _, _ in }, readResult: { _ in }, writeResult: { _, _ in })
  }

  /// A signal `name` with one argument.
  public convenience init(_ name: String) where Value: GValueConvertible {
    self.init(
      name: name, parameterTypes: [Value.valueType], returnType: cgtk_type_none(),
      readValue: Signals.read(1), writeValue: { value, values in Signals.write(value, values + 1) },
      readResult: { _ in }, writeResult: { _, _ in })
  }

  /// A signal `name` with two arguments.
  public convenience init<First: GValueConvertible, Second: GValueConvertible>(_ name: String)
  where Value == (First, Second) {
    let first: (GValueArguments) -> First = Signals.read(1)
    let second: (GValueArguments) -> Second = Signals.read(2)
    self.init(
      name: name, parameterTypes: [First.valueType, Second.valueType],
      returnType: cgtk_type_none(), readValue: { (first($0), second($0)) },
      writeValue: { value, values in
        Signals.write(value.0, values + 1)
        Signals.write(value.1, values + 2)
      }, readResult: { _ in }, writeResult: { _, _ in })
  }
}

extension ObjectSignal where Result: GValueConvertible {
  /// A signal `name` without arguments whose handlers return a `Result`.
  public convenience init(_ name: String, returning: Result.Type) where Value == Void {
    self.init(
      name: name, parameterTypes: [], returnType: Result.valueType, readValue: { _ in },
      writeValue: { _, _ in }, readResult: Signals.readResult,
      writeResult: Signals.writeResult)
  }

  /// A signal `name` with one argument whose handlers return a `Result`.
  public convenience init(_ name: String, returning: Result.Type)
  where Value: GValueConvertible {
    self.init(
      name: name, parameterTypes: [Value.valueType], returnType: Result.valueType,
      readValue: Signals.read(1), writeValue: { value, values in Signals.write(value, values + 1) },
      readResult: Signals.readResult, writeResult: Signals.writeResult)
  }
}

/// GValue plumbing of signals declared in Swift.
enum Signals {
  static func read<V: GValueConvertible>(_ index: Int) -> (GValueArguments) -> V {
    { arguments in
      guard let value = GValues.read(arguments.value(index), as: V.self) else {
        preconditionFailure("GtkReactive: a signal argument is not a \(V.self)")
      }
      return value
    }
  }

  static func write<V: GValueConvertible>(_ value: V, _ slot: UnsafeMutablePointer<GValue>) {
    g_value_init(slot, V.valueType)
    value.write(to: slot)
  }

  static func readResult<R: GValueConvertible>(_ value: UnsafePointer<GValue>?) -> R {
    guard let value, let result = GValues.read(value, as: R.self) else {
      preconditionFailure("GtkReactive: a signal's result is not a \(R.self)")
    }
    return result
  }

  static func writeResult<R: GValueConvertible>(_ result: R, _ value: UnsafeMutablePointer<GValue>?)
  {
    if let value { GValues.write(result, to: value) }
  }
}

extension ObjectSubclass {
  /// Emits `signal` with `value` (`g_signal_emitv`) and returns the handlers' result.
  @discardableResult
  public func emit<Owner, Value, Result>(
    _ signal: ObjectSignal<Owner, Value, Result>, _ value: Value
  ) -> Result {
    precondition(self is Owner, "GtkReactive: \(Self.self) has no signal '\(signal.name)'")
    let key = signal.signalKey
    let count = signal.parameterTypes.count + 1
    let values = UnsafeMutablePointer<GValue>.allocate(capacity: count)
    values.initialize(repeating: GValue(), count: count)
    defer {
      for index in 0..<count { g_value_unset(values + index) }
      values.deallocate()
    }
    g_value_init(values, Self.gType)
    g_value_set_object(values, pointer)
    signal.writeValue(value, values)
    let (id, _) = key.resolve()
    if signal.returnType == cgtk_type_none() {
      g_signal_emitv(values, id, 0, nil)
      return signal.readResult(nil)
    }
    return GValues.with(signal.returnType) { result in
      g_signal_emitv(values, id, 0, result)
      return signal.readResult(result)
    }
  }

  /// Emits `signal`, which carries no value.
  @discardableResult
  public func emit<Owner, Result>(_ signal: ObjectSignal<Owner, Void, Result>) -> Result {
    emit(signal, ())
  }

  /// Connects `handler` to `signal` until the returned disposable is disposed or the
  /// object is disposed: the way to answer a signal whose handlers return a value.
  public func connect<Owner, Value, Result>(
    _ signal: ObjectSignal<Owner, Value, Result>, _ handler: @escaping (Value) -> Result
  ) -> Disposable {
    precondition(self is Owner, "GtkReactive: \(Self.self) has no signal '\(signal.name)'")
    let key = signal.signalKey
    let action = HandlerAction.values { _, arguments, result in
      signal.writeResult(handler(signal.readValue(arguments)), result)
    }
    return ActionConnection.connect(
      UnsafeMutableRawPointer(pointer), key: key, action: action,
      object: WeakObjectRef.shared(pointer), observer: Observer { _ in })
  }
}

extension Reactive where Base: ObjectSubclass {
  /// A signal declared in Swift, as a `Signal` of its values that completes when the
  /// object is disposed; disposing the subscription disconnects its handler. Observers
  /// return nothing: a signal with a result gets the type's zero from them.
  public func signal<Owner, Value, Result>(_ signal: ObjectSignal<Owner, Value, Result>)
    -> Signal<Value, Never>
  {
    precondition(base is Owner, "GtkReactive: \(Base.self) has no signal '\(signal.name)'")
    return controlEvent(signal.signalKey) { _, observer in
      .values { _, arguments, _ in observer.send(signal.readValue(arguments)) }
    }
  }
}
