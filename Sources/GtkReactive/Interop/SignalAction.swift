// What a connected handler does with the arguments GTK passes, in each C shape GLib can
// call it with.
import CGtk
import Reactive

/// What a connected handler does with the arguments GTK passes, given the context its
/// connection keeps and hands to every call.
///
/// The case is the C shape GLib calls the handler with, so it picks the trampoline the
/// connection gets. The context is `Void` for closures that capture what they need
/// (`HandlerAction`) and the subscription's observer for those that capture nothing
/// (`ObserverAction`).
nonisolated package enum SignalAction<Context> {
  /// Arguments ignored (connected swapped, so any signature fits); the result is
  /// returned to signals that expect a `gboolean`.
  case noArguments((Context) -> Bool)
  /// One word-sized argument (a pointer, an `int`, an enum or a `gboolean`).
  case oneArgument((Context, UnsafeMutableRawPointer?) -> Bool)
  /// Two word-sized arguments.
  case twoArguments((Context, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Three word-sized arguments (`GFileMonitor::changed`, `GApplication::open`).
  case threeArguments(
    (Context, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
      -> Bool)
  /// Any signature, through GLib's GValue marshalling: the arguments (index 0 is the
  /// instance) and the return value to set (`nil` for signals that return nothing).
  case values((Context, GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)
}

/// A handler whose closures capture what they need: the handlers of the hand-written
/// layer, which keep state beside the observer.
typealias HandlerAction = SignalAction<Void>

/// A handler that receives its subscription's observer as an argument: what every
/// generated signal connects. A closure that captures nothing is a constant (no
/// allocation), where one capturing the observer was a context allocated, and released,
/// per subscription.
package typealias ObserverAction<Value> = SignalAction<Observer<Value, Never>>
