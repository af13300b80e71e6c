// How the window presents the image: fullscreen, the controls over it, the information panel.
import Reactive

/// The window's presentation: whether it is fullscreen (both ways with the window's
/// own state), what shows over the image in fullscreen, the menus open over it, and
/// whether the image information shows. The one owner of these; the slideshow reads
/// and sets `isFullscreen`, the views bind to the rest.
package final class WindowMode {
  /// Whether the window is fullscreen.
  package let isFullscreen = MutableProperty(false)
  /// Whether the image information shows over the viewer.
  package let showsInfo = MutableProperty(false)
  /// How many menus and popovers are open (`menuOpened()`): the slideshow pauses and
  /// the fullscreen controls stay meanwhile.
  let openMenus = MutableProperty(0)
  /// `isFullscreen` and the window's own state, both ways: the changes to ask the
  /// window for, and the window's reports (a window manager leaving fullscreen).
  package private(set) lazy var windowFullscreen = WindowFullscreen(isFullscreen: isFullscreen)
  /// What shows over the image in fullscreen besides it (the toolbar, the strip, the
  /// pointer), by where the pointer is.
  package private(set) lazy var fullscreenControls = FullscreenControls(
    isFullscreen: Property(isFullscreen), isHeld: Property(openMenus).map { $0 > 0 },
    scheduler: scheduler, hideDelay: hideDelay)
  private let scheduler: Scheduler
  private let hideDelay: Duration

  /// A windowed presentation whose fullscreen controls hide `hideDelay` after the
  /// pointer leaves them, on `scheduler`.
  init(scheduler: Scheduler, hideDelay: Duration) {
    self.scheduler = scheduler
    self.hideDelay = hideDelay
  }

  /// A menu or popover opened over the window: the slideshow pauses and the fullscreen
  /// controls stay shown until the returned disposable is disposed (the menu closed).
  package func menuOpened() -> Disposable {
    openMenus.value += 1
    return AnyDisposable { [weak self] in self?.openMenus.value -= 1 }
  }
}
