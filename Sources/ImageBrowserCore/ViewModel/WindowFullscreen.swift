// The window's fullscreen state and the view model's, kept together both ways.
import Reactive

/// Keeps `isFullscreen` and the window's real fullscreen state together, both ways,
/// without a loop. The app asks the window (F11, the slideshow, the leave button): those
/// changes go out on `requests`. The window can also change by itself (a window
/// manager's own key leaves fullscreen): `windowChanged(isFullscreen:)` brings such a
/// change into `isFullscreen`, so the layout and the slideshow follow, and it does not go
/// out on `requests`, so the window is never asked to do again what it just did (two
/// quick F11 presses then settle on the window's last report instead of bouncing).
package final class WindowFullscreen {
  /// The changes of `isFullscreen` the window must be asked for: every one except those
  /// the window reported itself.
  package let requests: Signal<Bool, Never>

  private let isFullscreen: MutableProperty<Bool>
  /// Set while a reported change is being written (the write delivers synchronously).
  private let following = Flag()

  /// Follows `isFullscreen`.
  init(isFullscreen: MutableProperty<Bool>) {
    self.isFullscreen = isFullscreen
    requests = isFullscreen.changes.filter { [following] _ in !following.isSet }
  }

  /// The window reports that it is (or is no longer) fullscreen.
  package func windowChanged(isFullscreen fullscreen: Bool) {
    guard isFullscreen.value != fullscreen else { return }
    following.isSet = true
    defer { following.isSet = false }
    isFullscreen.value = fullscreen
  }
}

/// A flag the `requests` filter reads without holding its owner.
private final class Flag {
  var isSet = false
}
