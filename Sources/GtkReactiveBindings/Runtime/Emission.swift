// One emission of a GTK signal that returns a value: the subscriber decides the result.

/// One emission of a signal whose handlers return a value: the arguments, and the result
/// the handler returns to GTK.
///
/// For event signals (`keyPressEvent`, `buttonPressEvent`, …) the result is whether the
/// event was handled: set it to `true` (or call ``stop()``) to stop other handlers, per
/// event. The result is read when the subscriber returns, so set it synchronously, on
/// the main thread, not after an `observe(on:)` hop.
///
/// ```swift
/// window.rx.keyPressEvent
///   .subscribe(next: { event in
///     if event.arguments.name == "Escape" { event.stop() }
///   })
/// ```
public final class Emission<Arguments, Result> {
  /// The signal's arguments.
  public let arguments: Arguments
  /// What the handler returns to GTK; starts at the signal's neutral value.
  public var result: Result

  /// An emission with `arguments` and the initial `result`.
  public init(_ arguments: Arguments, result: Result) {
    self.arguments = arguments
    self.result = result
  }
}

extension Emission where Result == Bool {
  /// Marks the event handled: GTK stops other handlers and does not propagate it.
  public func stop() { result = true }

  /// Whether a subscriber marked the event handled.
  public var isStopped: Bool { result }
}
