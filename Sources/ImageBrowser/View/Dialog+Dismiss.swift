// Closing a dialog from its own `response` signal without GLib's warning.
import GtkReactive

extension Dialog {
  /// Hides the dialog now and destroys it once the main loop runs again. Called from a
  /// handler of the dialog's own `response` signal: destroying the dialog there, and
  /// then disposing that handler's subscription, makes GLib warn.
  func dismiss() {
    hide()
    _ = MainLoopScheduler.main.schedule(after: .zero) { self.destroy() }
  }
}
