// GDK's rectangle (`GdkRectangle`, `GtkAllocation`) as a Swift value.
import CGtk

/// A rectangle in GDK's application pixels (device pixels divided by the scale): what
/// `GdkRectangle` and `GtkAllocation` carry (a widget's `allocation`, a monitor's
/// `geometry`, `size-allocate`'s area, a popover's `pointingTo`). Copied in and out of
/// C: changing a `Rectangle` changes nothing in GTK until it is passed back.
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
  package init(_ rectangle: GdkRectangle) {
    self.init(
      x: Int(rectangle.x), y: Int(rectangle.y), width: Int(rectangle.width),
      height: Int(rectangle.height))
  }

  /// The C rectangle (values beyond `Int32` are clamped).
  package var cValue: GdkRectangle {
    GdkRectangle(
      x: Int32(clamping: x), y: Int32(clamping: y), width: Int32(clamping: width),
      height: Int32(clamping: height))
  }
}

/// The area GTK allocates a widget (`GtkAllocation`), in its parent window's coordinates.
public typealias Allocation = Rectangle

/// A monitor's geometry or work area in pixels (`Monitor.geometry`, `Monitor.workarea`),
/// for code that names it so; the same type as `Rectangle`.
public typealias PixelRectangle = Rectangle

nonisolated extension Rectangle: GValueConvertible {
  /// `GDK_TYPE_RECTANGLE`.
  public static var valueType: GType { gdk_rectangle_get_type() }
  /// Reads a boxed `GdkRectangle`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Rectangle? {
    CValues.read(value, as: GdkRectangle.self).map(Rectangle.init)
  }
  /// Writes a copy of the rectangle.
  public func write(to value: UnsafeMutablePointer<GValue>) { CValues.write(cValue, to: value) }
}
