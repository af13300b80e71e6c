// Where the zoomed image sits in the viewer: pan limits, zooming about a point, panning.

/// The pan offset of the image's centre from the viewer's centre, in view pixels.
package nonisolated struct Pan: Hashable, Sendable {
  /// Rightwards.
  package var x: Double
  /// Downwards.
  package var y: Double

  /// An offset of `x`, `y`.
  package init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// Centred.
  package static let zero = Pan(x: 0, y: 0)
}

/// The image and the viewer it is shown in, for zoom and pan arithmetic: an image of
/// `imageWidth` × `imageHeight` pixels in a viewer of `viewWidth` × `viewHeight` view
/// pixels. Pure, so the view model's zoom and pan are tested headless.
package nonisolated struct ViewerGeometry: Hashable, Sendable {
  /// The image's full width in pixels.
  package var imageWidth: Double
  /// The image's full height in pixels.
  package var imageHeight: Double
  /// The viewer's width in view pixels.
  package var viewWidth: Double
  /// The viewer's height in view pixels.
  package var viewHeight: Double

  /// An image of the given size in a viewer of the given size.
  package init(imageWidth: Double, imageHeight: Double, viewWidth: Double, viewHeight: Double) {
    self.imageWidth = imageWidth
    self.imageHeight = imageHeight
    self.viewWidth = viewWidth
    self.viewHeight = viewHeight
  }

  /// The scale that fits the whole image, never above 1:1 (as Eye of GNOME).
  package var fitScale: Double {
    guard imageWidth > 0, imageHeight > 0, viewWidth > 0, viewHeight > 0 else { return 1 }
    return min(1, viewWidth / imageWidth, viewHeight / imageHeight)
  }

  /// The scale that fills the viewer's width.
  package var fillWidthScale: Double {
    guard imageWidth > 0, viewWidth > 0 else { return 1 }
    return viewWidth / imageWidth
  }

  /// The scale `zoom` draws at here.
  package func scale(of zoom: Zoom) -> Double {
    zoom.factor(fitScale: fitScale, fillWidthScale: fillWidthScale)
  }

  /// How far the image can move from the centre each way at `scale`: half of what
  /// sticks out of the viewer (0 when it fits, so a smaller image stays centred).
  package func panLimits(at scale: Double) -> (x: Double, y: Double) {
    (max(0, imageWidth * scale - viewWidth) / 2, max(0, imageHeight * scale - viewHeight) / 2)
  }

  /// Whether the image at `scale` is larger than the viewer in some direction (then
  /// arrow keys and drags pan it).
  package func overflows(at scale: Double) -> Bool {
    let limits = panLimits(at: scale)
    return limits.x > 0.25 || limits.y > 0.25
  }

  /// `pan` kept within the limits at `scale`.
  package func clamped(_ pan: Pan, at scale: Double) -> Pan {
    let limits = panLimits(at: scale)
    return Pan(x: min(max(pan.x, -limits.x), limits.x), y: min(max(pan.y, -limits.y), limits.y))
  }

  /// The pan after changing the scale from `old` to `new` so that the image point under
  /// `point` (view coordinates from the viewer's top-left) stays under it: zooming about
  /// the pointer. Clamped at the new scale.
  package func pan(
    _ pan: Pan, zoomingFrom old: Double, to new: Double, about point: (x: Double, y: Double)
  ) -> Pan {
    self.pan(pan, zoomingFrom: old, to: new, movingFrom: point, to: point)
  }

  /// The pan after changing the scale from `old` to `new` so that the image point that
  /// was under `start` is under `end` (a pinch whose fingers' centre moved). Clamped at
  /// the new scale.
  package func pan(
    _ pan: Pan, zoomingFrom old: Double, to new: Double,
    movingFrom start: (x: Double, y: Double), to end: (x: Double, y: Double)
  ) -> Pan {
    guard old > 0 else { return clamped(pan, at: new) }
    // The points relative to the viewer's centre; the image centre sits at `pan`.
    let sx = start.x - viewWidth / 2
    let sy = start.y - viewHeight / 2
    let ratio = new / old
    let moved = Pan(
      x: end.x - viewWidth / 2 - (sx - pan.x) * ratio,
      y: end.y - viewHeight / 2 - (sy - pan.y) * ratio)
    return clamped(moved, at: new)
  }
}
