// A pinch: the zoom follows the fingers' spread from where it began, and a cancelled one is undone.
import Reactive

/// Where a pinch began: the zoom and pan it scales from (and returns to when it is
/// cancelled), and the fingers' centre then, in view coordinates.
package nonisolated struct PinchOrigin: Hashable, Sendable {
  /// The zoom when the pinch began.
  package var zoom: Zoom
  /// The pan when the pinch began.
  package var pan: Pan
  /// The fingers' centre when the pinch began, from the viewer's left edge.
  package var x: Double
  /// The fingers' centre when the pinch began, from the viewer's top edge.
  package var y: Double
}

extension ViewerControl {
  /// A pinch began with the fingers' centre at `centre` (view coordinates; the viewer's
  /// centre when `nil`): its scales are relative to the zoom now. Nothing happens
  /// without an image.
  package func beginPinch(at centre: (x: Double, y: Double)?) {
    let geometry = geometry.value
    let centre = centre ?? geometry.map { ($0.viewWidth / 2, $0.viewHeight / 2) } ?? (0, 0)
    store.update { state in
      guard state.current != nil else { return }
      state.pinch = PinchOrigin(zoom: state.zoom, pan: state.pan, x: centre.x, y: centre.y)
    }
  }

  /// The fingers are `scale` times as far apart as when the pinch began, their centre
  /// now at `centre`: the image is drawn at `scale` times the pinch's first scale
  /// (clamped), and the image point that was under the fingers' centre is under it
  /// again (as far as the image's edges allow). `fitScale` is the scale `.fit` draws at
  /// before the viewer reports its geometry. Computed from where the pinch began, not
  /// step by step, so the result does not depend on how many updates came.
  ///
  /// Without a pinch begun (a gesture whose `begin` was missed), one begins here.
  package func pinch(to scale: Double, at centre: (x: Double, y: Double)?, fitScale: Double = 1) {
    if store.state.value.pinch == nil { beginPinch(at: centre) }
    guard let origin = store.state.value.pinch else { return }
    let geometry = geometry.value
    store.update { state in
      let start =
        geometry?.scale(of: origin.zoom) ?? origin.zoom.factor(fitScale: fitScale)
      let zoom = Zoom.scale(Zoom.clamp(start * scale))
      if let geometry {
        state.pan = geometry.pan(
          origin.pan, zoomingFrom: start, to: geometry.scale(of: zoom),
          movingFrom: (origin.x, origin.y), to: centre ?? (origin.x, origin.y))
      }
      state.zoom = zoom
    }
  }

  /// The fingers were lifted: the zoom and pan stay where the pinch left them.
  package func endPinch() {
    store.update { $0.pinch = nil }
  }

  /// The pinch was taken away before the fingers were lifted (GTK's gesture `cancel`:
  /// another gesture or a grab claimed it): the zoom and pan return to where it began,
  /// as if it had never happened.
  package func cancelPinch() {
    store.update { state in
      guard let origin = state.pinch else { return }
      state.zoom = origin.zoom
      state.pan = origin.pan
      state.pinch = nil
    }
  }
}
