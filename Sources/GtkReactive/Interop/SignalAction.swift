// What a handler given a closure does with the arguments GTK passes, and the C shape it is
// connected with.
import CGtk

/// What a connected handler does with the arguments GTK passes.
enum HandlerAction {
  /// Arguments ignored (connected swapped, so any signature fits); the result is
  /// returned to signals that expect a `gboolean`.
  case noArguments(() -> Bool)
  /// One word-sized argument (a pointer, an `int`, an enum or a `gboolean`).
  case oneArgument((UnsafeMutableRawPointer?) -> Bool)
  /// Two word-sized arguments.
  case twoArguments((UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Three word-sized arguments (`GFileMonitor::changed`, `GApplication::open`).
  case threeArguments(
    (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)
  /// Any signature, through GLib's GValue marshalling: the arguments (index 0 is the
  /// instance) and the return value to set (`nil` for signals that return nothing).
  case values((GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)

  /// How GLib calls the handler: which trampoline the connection gets.
  nonisolated var shape: HandlerShape {
    switch self {
    case .noArguments: .noArguments
    case .oneArgument: .oneArgument
    case .twoArguments: .twoArguments
    case .threeArguments: .threeArguments
    case .values: .values
    }
  }
}

/// The C signature a handler is connected with (see `HandlerAction`'s cases).
nonisolated enum HandlerShape {
  case noArguments, oneArgument, twoArguments, threeArguments, values
}
