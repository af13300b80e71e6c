// A monitor's size and the part of it windows may use, in application pixels.
import CGtk

/// A rectangle in GDK's application pixels (device pixels divided by the scale).
public struct PixelRectangle: Sendable, Hashable {
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
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  init(_ rectangle: GdkRectangle) {
    self.init(
      x: Int(rectangle.x), y: Int(rectangle.y), width: Int(rectangle.width),
      height: Int(rectangle.height))
  }
}

extension Monitor {
  /// The monitor's area, in application pixels (at scale 2 a 3200-pixel-wide screen is
  /// 1600 wide).
  public var geometry: PixelRectangle {
    var rectangle = GdkRectangle()
    gdk_monitor_get_geometry(opaque, &rectangle)
    return PixelRectangle(rectangle)
  }

  /// The part of the monitor windows may use: the geometry less panels and docks.
  public var workarea: PixelRectangle {
    var rectangle = GdkRectangle()
    gdk_monitor_get_workarea(opaque, &rectangle)
    return PixelRectangle(rectangle)
  }
}
