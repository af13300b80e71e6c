// A rectangle of whole pixels in an image: what a crop keeps.

/// A rectangle of whole pixels, its origin at the image's top left corner.
package nonisolated struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  /// The left edge, in pixels from the image's left.
  package var x: Int
  /// The top edge, in pixels from the image's top.
  package var y: Int
  /// The width in pixels.
  package var width: Int
  /// The height in pixels.
  package var height: Int

  /// The rectangle of `width` × `height` pixels whose top left pixel is (`x`, `y`).
  package init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The whole of an image of `size`.
  package init(_ size: PixelSize) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// The size of the rectangle.
  package var size: PixelSize { PixelSize(width: width, height: height) }

  /// Whether it holds no pixel.
  package var isEmpty: Bool { width <= 0 || height <= 0 }

  /// The part of this rectangle inside an image of `size`; `nil` when none is.
  package func clamped(to size: PixelSize) -> PixelRect? {
    let left = max(x, 0)
    let top = max(y, 0)
    let right = min(x + width, size.width)
    let bottom = min(y + height, size.height)
    guard right > left, bottom > top else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Where this rectangle of an image of `size` lands once the image is turned or
  /// mirrored by `orientation`.
  package func transformed(by orientation: Orientation, in size: PixelSize) -> PixelRect {
    let first = orientation.map(x: x, y: y, width: size.width, height: size.height)
    let last = orientation.map(
      x: x + width - 1, y: y + height - 1, width: size.width, height: size.height)
    let left = min(first.x, last.x)
    let top = min(first.y, last.y)
    return PixelRect(
      x: left, y: top, width: max(first.x, last.x) - left + 1,
      height: max(first.y, last.y) - top + 1)
  }

  package var description: String { "\(width)×\(height)+\(x)+\(y)" }
}
