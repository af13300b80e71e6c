// What a connected handler does with the arguments GTK passes, in each C shape GLib can
// call it with.
import CGtk
import Reactive

/// What a connected handler does with the arguments GTK passes, given the observer its
/// connection keeps and hands to every call.
///
/// The case is the C shape GLib calls the handler with, so it picks the trampoline the
/// connection gets. Generated signals' closures capture nothing and send to the observer
/// they are given (`ObserverAction`); the hand-written layer's control events capture
/// what they need, their observer included. The
/// parameter is `Observer<Value, Never>`, not any context type: a closure over a type
/// parameter would be stored behind a re-abstraction thunk (about 45 instructions per
/// subscription), where an observer of any value is passed as it is written.
nonisolated package enum SignalAction<Value> {
  /// Arguments ignored (connected swapped, so any signature fits); the result is
  /// returned to signals that expect a `gboolean`.
  case noArguments((Observer<Value, Never>) -> Bool)
  /// One word-sized argument (a pointer, an `int`, an enum or a `gboolean`).
  case oneArgument((Observer<Value, Never>, UnsafeMutableRawPointer?) -> Bool)
  /// Two word-sized arguments.
  case twoArguments(
    (Observer<Value, Never>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Three word-sized arguments (`GFileMonitor::changed`, `GApplication::open`).
  case threeArguments(
    (
      Observer<Value, Never>, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
      UnsafeMutableRawPointer?
    ) -> Bool)
  /// Any signature, through GLib's GValue marshalling: the arguments (index 0 is the
  /// instance) and the return value to set (`nil` for signals that return nothing).
  case values((Observer<Value, Never>, GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)
}

/// A handler with no subscription (`watch`, signals declared in Swift): its closures
/// capture what they need, and the observer they are given sends nothing anywhere.
typealias HandlerAction = SignalAction<Never>

/// A handler that receives its subscription's observer as an argument: what every
/// generated signal connects. A closure that captures nothing is a constant (no
/// allocation), where one capturing the observer was a context allocated, and released,
/// per subscription.
package typealias ObserverAction<Value> = SignalAction<Value>

/// The C shape a `SignalAction` is called with, which picks its connection's trampoline.
nonisolated package enum SignalShape {
  case noArguments, oneArgument, twoArguments, threeArguments, values
}

nonisolated extension SignalAction {
  /// The C shape of this action: what `HandlerConnection.connect` needs of it, read
  /// before the action moves into its connection.
  var shape: SignalShape {
    switch self {
    case .noArguments: .noArguments
    case .oneArgument: .oneArgument
    case .twoArguments: .twoArguments
    case .threeArguments: .threeArguments
    case .values: .values
    }
  }
}
