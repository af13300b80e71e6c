// Keys for a focused text field before a window's accelerators: Delete deletes a character.
import CGtk
import Reactive

extension Window {
  /// Gives a focused, editable text field (an `Entry`, a spin button, a `TextView`…) each
  /// key before the window's accelerators and mnemonics, until the returned disposable is
  /// disposed.
  ///
  /// GTK 3 runs a window's accelerators first (`gtk_window_key_press_event`: mnemonics and
  /// accelerators, then the focus widget, then the window's key bindings), so an action
  /// on `Delete` or `<Primary>a` takes those keys from a text field the user is typing in.
  /// With this, the focus widget and its parents handle the key first
  /// (`gtk_window_propagate_key_event`, from a `key-press-event` handler, which runs
  /// before the window's own); only a key they leave unhandled reaches the accelerators:
  ///
  /// ```swift
  /// window.addAction("delete-note", accelerators: ["Delete"]) { model.deleteSelected() }
  ///   .disposed(by: bag)
  /// window.deferAcceleratorsToFocusedText().disposed(by: bag)
  /// // Delete in the title entry deletes a character; Delete in the list deletes the note.
  /// ```
  ///
  /// A key no text field binds (`<Primary>s`, `F1`, `Escape` in a plain entry) still
  /// reaches its accelerator; a read-only text field (or an insensitive one) does not
  /// take keys first. A key the focus widget leaves unhandled is offered to it once more
  /// by GTK's own handling after the accelerators, as it would be without this.
  public func deferAcceleratorsToFocusedText() -> Disposable {
    let keys: Signal<Void, Never> = rx.connect(WidgetKeys.shared.keyPressEventSignal) {
      instance, _ in
      .oneArgument { _, event in
        let window = instance.assumingMemoryBound(to: GtkWindow.self)
        guard let event, let focus = gtk_window_get_focus(window), FocusedText.takesKeys(focus)
        else { return false }
        return gtk_window_propagate_key_event(
          window, event.assumingMemoryBound(to: GdkEventKey.self)) != 0
      }
    }
    return keys.subscribe()
  }
}

extension Application {
  /// `Window.deferAcceleratorsToFocusedText()` for every window of the application, those
  /// open now and those added later, until the returned disposable is disposed.
  public func deferAcceleratorsToFocusedText() -> Disposable {
    ApplicationDeferrals(self)
  }
}

/// The deferrals of an application's windows: one per window while it belongs to the
/// application, so an application that opens many windows keeps none of those it closed.
/// Its subscriptions hold it until it is disposed or the application is finalized.
@MainActor
private final class ApplicationDeferrals: Disposable, @unchecked Sendable {
  // @unchecked: state is touched on the main thread only (`dispose` hops there).
  private var windows: [UnsafeMutableRawPointer: Disposable] = [:]
  private var subscriptions: [Disposable] = []
  private var isDisposed = false

  init(_ application: Application) {
    application.windows.forEach(start)
    subscriptions = [
      application.rx.windowAdded.subscribe(next: { self.start($0) }),
      application.rx.windowRemoved.subscribe(next: {
        self.windows.removeValue(forKey: $0.pointer)?.dispose()
      }),
    ]
  }

  private func start(_ window: Window) {
    guard !isDisposed, windows[window.pointer] == nil else { return }
    windows[window.pointer] = window.deferAcceleratorsToFocusedText()
  }

  nonisolated func dispose() {
    MainThread.run {
      MainActor.assumeIsolated {
        guard !self.isDisposed else { return }
        self.isDisposed = true
        self.subscriptions.forEach { $0.dispose() }
        self.windows.values.forEach { $0.dispose() }
        self.subscriptions = []
        self.windows = [:]
      }
    }
  }
}

/// Which focus widgets take keys before accelerators.
private enum FocusedText {
  /// Whether `widget` is a text field the user can type into now: an editable
  /// `GtkEditable` or `GtkTextView`, sensitive.
  static func takesKeys(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard gtk_widget_is_sensitive(widget) != 0 else { return false }
    let instance = UnsafeMutableRawPointer(widget)
    if cgtk_is_a(instance, gtk_text_view_get_type()) != 0 {
      return gtk_text_view_get_editable(instance.assumingMemoryBound(to: GtkTextView.self)) != 0
    }
    if cgtk_is_a(instance, gtk_editable_get_type()) != 0 {
      return gtk_editable_get_editable(OpaquePointer(instance)) != 0
    }
    return false
  }
}
