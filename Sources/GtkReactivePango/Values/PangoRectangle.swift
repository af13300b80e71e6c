// Pango's rectangle (`PangoRectangle`) as a Swift value.
import CGtk
import GtkReactiveBindings

extension Pango {
  /// A rectangle in Pango units (`Pango.scale` of them to a device pixel) or in pixels,
  /// as the method that gives it says: a layout's ink and logical extents, a character's
  /// position. Copied in and out of C.
  nonisolated public struct Rectangle: Sendable, Hashable {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width.
    public var width: Int
    /// The height.
    public var height: Int

    /// A rectangle at (`x`, `y`) of `width` × `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
      (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// A copy of a C rectangle.
    package init(_ rectangle: PangoRectangle) {
      self.init(
        x: Int(rectangle.x), y: Int(rectangle.y), width: Int(rectangle.width),
        height: Int(rectangle.height))
    }

    /// The C rectangle (values beyond `Int32` are clamped).
    package var cValue: PangoRectangle {
      PangoRectangle(
        x: Int32(clamping: x), y: Int32(clamping: y), width: Int32(clamping: width),
        height: Int32(clamping: height))
    }
  }

  /// Pango units in a device pixel (`PANGO_SCALE`): sizes and positions Pango gives in
  /// its units divided by it are pixels.
  public static var scale: Int { Int(PANGO_SCALE) }
}
