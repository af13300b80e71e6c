// The viewer's zoom and pan: how the current image is shown.
import Reactive

/// The viewer's geometry: zooming (steps, a factor about a point, presets), panning,
/// and pinching. It owns the geometry the viewer reports and writes the zoom, the pan
/// and the pinch only through the store (which resets them for every new image).
package final class ViewerControl {
  /// The current image's full size and the viewer's size, which only the view knows:
  /// zooming in and out steps from the scale fitting draws at, and zooming about a point
  /// and panning need both sizes. `nil` before the viewer shows an image. The viewer
  /// sets it.
  package let geometry = MutableProperty<ViewerGeometry?>(nil)
  let store: BrowserStore

  /// The zoom and pan of `store`'s current image.
  init(store: BrowserStore) {
    self.store = store
  }

  /// Zooms in one step from the scale shown now, about the viewer's centre (`fitScale`
  /// is the scale `.fit` draws at, which only the view knows).
  package func zoomIn(fitScale: Double = 1) {
    changeZoom(about: nil) { $0.zoomedIn(fitScale: fitScale) }
  }

  /// Zooms out one step; see `zoomIn(fitScale:)`.
  package func zoomOut(fitScale: Double = 1) {
    changeZoom(about: nil) { $0.zoomedOut(fitScale: fitScale) }
  }

  /// Multiplies the scale (Ctrl+wheel), clamped, keeping the image point under
  /// `point` (viewer coordinates) where it is, or the centre's.
  package func zoom(
    by multiplier: Double, fitScale: Double = 1, about point: (x: Double, y: Double)? = nil
  ) {
    changeZoom(about: point) { $0.zoomed(by: multiplier, fitScale: fitScale) }
  }

  /// Shows the image at `zoom` (the zoom field, its presets), about the centre or `point`.
  package func zoom(to zoom: Zoom, about point: (x: Double, y: Double)? = nil) {
    changeZoom(about: point) { _ in zoom }
  }

  /// Shows the image at 1:1, about the centre or `point` (a double click).
  package func zoomToActualSize(about point: (x: Double, y: Double)? = nil) {
    changeZoom(about: point) { _ in .scale(1) }
  }

  /// Fits the image to the viewer.
  package func zoomToFit() {
    changeZoom(about: nil) { _ in .fit }
  }

  /// Moves a zoomed image by (`dx`, `dy`) view pixels (a drag, the arrow keys), within
  /// its limits: an image that fits does not move.
  package func pan(by dx: Double, _ dy: Double) {
    guard let geometry = geometry.value else { return }
    store.update { state in
      let scale = geometry.scale(of: state.zoom)
      state.pan = geometry.clamped(Pan(x: state.pan.x + dx, y: state.pan.y + dy), at: scale)
    }
  }

  /// Whether the current image, as zoomed, is larger than the viewer: then the arrow
  /// keys pan it instead of paging.
  package var isZoomedBeyondView: Bool {
    guard let geometry = geometry.value, store.state.value.current != nil else { return false }
    return geometry.overflows(at: geometry.scale(of: store.state.value.zoom))
  }

  private func changeZoom(about point: (x: Double, y: Double)?, _ change: (Zoom) -> Zoom) {
    let geometry = geometry.value
    store.update { state in
      guard state.current != nil else { return }
      let zoom = change(state.zoom)
      guard let geometry else {
        state.zoom = zoom
        return
      }
      let centre = (x: geometry.viewWidth / 2, y: geometry.viewHeight / 2)
      state.pan = geometry.pan(
        state.pan, zoomingFrom: geometry.scale(of: state.zoom), to: geometry.scale(of: zoom),
        about: point ?? centre)
      state.zoom = zoom
    }
  }
}
