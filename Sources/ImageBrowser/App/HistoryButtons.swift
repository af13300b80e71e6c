// The mouse's back and forward buttons page through the images.
import GtkReactive
import Reactive

/// Mouse buttons 8 and 9, the side buttons most mice have for "back" and "forward":
/// over any part of the window they show the previous and the next image, through the
/// window's `win.previous` and `win.next` (so they do nothing at the ends, as the keys
/// do), as they do in Eye of GNOME and in web browsers.
enum HistoryButtons {
  /// X11 and Wayland number the back button 8 and the forward button 9.
  static let actions: [UInt32: String] = [8: "previous", 9: "next"]

  /// Pages `window` with its back and forward buttons until disposed.
  @MainActor
  static func bind(_ window: ApplicationWindow) -> Disposable {
    window.rx.buttonPressEvent
      .subscribe(next: { [weak window] event in
        guard let name = actions[event.arguments.button], let window else { return }
        window.activateAction(name)
        event.stop()
      })
  }
}
