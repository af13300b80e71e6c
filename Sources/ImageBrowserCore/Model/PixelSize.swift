// A size in pixels: of an image, or of the box an image must fit in.

/// The width and height of an image or of a box to fit one in, in pixels.
package nonisolated struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  /// The width in pixels.
  package var width: Int
  /// The height in pixels.
  package var height: Int

  /// A size of `width` × `height` pixels.
  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size with width and height exchanged (an image turned a quarter).
  package var transposed: PixelSize { PixelSize(width: height, height: width) }

  /// The number of pixels.
  package var area: Int { width * height }

  /// This size scaled down, aspect kept, to fit inside `box`; never scaled up.
  package func fitting(in box: PixelSize) -> PixelSize {
    guard width > box.width || height > box.height, width > 0, height > 0 else { return self }
    let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
    return PixelSize(
      width: max(1, Int((Double(width) * scale).rounded())),
      height: max(1, Int((Double(height) * scale).rounded())))
  }

  /// Whether both sides are at least those of `other`.
  package func covers(_ other: PixelSize) -> Bool { width >= other.width && height >= other.height }

  package var description: String { "\(width) × \(height)" }
}
