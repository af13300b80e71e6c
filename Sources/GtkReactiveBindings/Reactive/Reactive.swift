// The `.rx` namespace: reactive sources and sinks of GTK objects.

/// A namespace for the reactive extensions of `Base`: `button.rx.clicked`,
/// `entry.rx.text`, `label.rx.text`.
///
/// Extensions are written as `extension Reactive where Base: Button { … }`.
public struct Reactive<Base> {
  /// The object the extensions act on.
  public let base: Base

  /// The namespace for `base`.
  public init(_ base: Base) {
    self.base = base
  }
}

/// A type with reactive extensions under `.rx`. Every `Object` is one.
public protocol ReactiveCompatible: AnyObject {}

extension ReactiveCompatible {
  /// The reactive extensions of this object.
  public var rx: Reactive<Self> { Reactive(self) }

  /// The reactive extensions of the type: its operations as signals
  /// (`Pixbuf.rx.fromStream(stream)`), declared as static members of
  /// `extension Reactive where Base: …`.
  public static var rx: Reactive<Self>.Type { Reactive<Self>.self }
}

extension Object: ReactiveCompatible {}
