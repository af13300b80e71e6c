// Zoom: how the viewer shows the current image.
import Reactive

extension BrowserViewModel {
  /// Zooms in one step from the scale shown now (`fitScale` is the scale `.fit`
  /// currently draws at, which only the view knows).
  package func zoomIn(fitScale: Double = 1) {
    changeZoom { $0.zoomedIn(fitScale: fitScale) }
  }

  /// Zooms out one step; see `zoomIn(fitScale:)`.
  package func zoomOut(fitScale: Double = 1) {
    changeZoom { $0.zoomedOut(fitScale: fitScale) }
  }

  /// Multiplies the scale (Ctrl+wheel, pinch), clamped.
  package func zoom(by multiplier: Double, fitScale: Double = 1) {
    changeZoom { $0.zoomed(by: multiplier, fitScale: fitScale) }
  }

  /// Shows the image at 1:1.
  package func zoomToActualSize() {
    changeZoom { _ in .scale(1) }
  }

  /// Fits the image to the viewer.
  package func zoomToFit() {
    changeZoom { _ in .fit }
  }

  private func changeZoom(_ change: (Zoom) -> Zoom) {
    update { state in
      guard state.current != nil else { return }
      state.zoom = change(state.zoom)
    }
  }
}
