// The visible part of a zoomed image, for re-rendering a vector image sharp at that zoom.

/// The part of an image a sharp re-render draws: the visible region of the image as drawn
/// at `scale`, in device pixels, so the render is never larger than the view.
package nonisolated struct RenderRegion: Hashable, Sendable {
  /// Device pixels per image pixel.
  package var scale: Double
  /// The region's left edge, in device pixels from the drawn image's left edge.
  package var x: Int
  /// The region's top edge, in device pixels from the drawn image's top edge.
  package var y: Int
  /// The region's width in device pixels.
  package var width: Int
  /// The region's height in device pixels.
  package var height: Int

  /// A region of `width` × `height` device pixels at `x`, `y` in the image drawn at
  /// `scale`.
  package init(scale: Double, x: Int, y: Int, width: Int, height: Int) {
    self.scale = scale
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The visible part of an image of `imageSize` drawn `scale` times larger (view
  /// pixels per image pixel) with its top-left corner at `origin` in a view of
  /// `viewSize` (view pixels), on a display with `deviceScale` device pixels per view
  /// pixel; `nil` when none of it is visible.
  package static func visible(
    imageSize: PixelSize, scale: Double, origin: (x: Double, y: Double),
    viewSize: (width: Double, height: Double), deviceScale: Int
  ) -> RenderRegion? {
    guard scale > 0, imageSize.width > 0, imageSize.height > 0 else { return nil }
    let drawnWidth = Double(imageSize.width) * scale
    let drawnHeight = Double(imageSize.height) * scale
    let left = max(0, origin.x)
    let top = max(0, origin.y)
    let right = min(viewSize.width, origin.x + drawnWidth)
    let bottom = min(viewSize.height, origin.y + drawnHeight)
    guard right > left, bottom > top else { return nil }
    let device = Double(max(1, deviceScale))
    let x = Int(((left - origin.x) * device).rounded(.down))
    let y = Int(((top - origin.y) * device).rounded(.down))
    let width = Int(((right - origin.x) * device).rounded(.up)) - x
    let height = Int(((bottom - origin.y) * device).rounded(.up)) - y
    guard width > 0, height > 0 else { return nil }
    return RenderRegion(scale: scale * device, x: x, y: y, width: width, height: height)
  }
}
