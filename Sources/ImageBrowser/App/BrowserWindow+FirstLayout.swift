// The viewer's size at the window's first layout, foretold while the window is built.
import GtkReactive
import ImageBrowserCore

extension BrowserWindow {
  /// Tells `viewModel` the viewer's size at the first layout of `window`, before that
  /// layout, so the first image decodes while the rest of the window is built
  /// (`AppViewModel.expectViewport(_:)`); returns that size, in device pixels.
  ///
  /// The window's contents are shown at `defaultSize` (GTK counts it without the header
  /// bar). At the first layout the viewer gets all of it but the natural height of
  /// `stripArea`, measured here as GTK will measure it, in its place in the window: the
  /// properties sidebar and the strip's visibility follow the preferences only after
  /// that layout (`DeferredParts`, `BrowseMode`).
  static func expectViewerSize(
    in window: Window, above stripArea: Widget, defaultSize: (width: Int, height: Int),
    viewModel: AppViewModel
  ) -> PixelSize {
    let scale = window.scaleFactor
    let height = defaultSize.height - stripArea.preferredHeight.naturalHeight
    let size = PixelSize(width: defaultSize.width * scale, height: max(1, height) * scale)
    viewModel.expectViewport(size)
    return size
  }
}
