// cairo regions: the areas GDK invalidates, clips and shapes windows with.
import CGtk

extension Cairo {
  /// A cairo region (`cairo_region_t`): a set of pixels made of non-overlapping
  /// rectangles, in integer coordinates. GTK takes one to redraw part of a widget
  /// (`Widget.queueDrawRegion(_:)`), to shape a window or its input area, and gives one for
  /// a window's visible or clipped area.
  ///
  /// ```swift
  /// let region = Cairo.Region(Rectangle(x: 0, y: 0, width: 100, height: 20))
  /// region.union(Rectangle(x: 0, y: 80, width: 100, height: 20))
  /// canvas.queueDrawRegion(region)   // the two bands only
  /// ```
  ///
  /// A region is a reference: GTK may keep it (a window's opaque region), so a change made
  /// after handing it over is seen there too.
  public final class Region {
    /// The C region, for cairo calls GtkReactive does not wrap.
    public let raw: OpaquePointer

    /// The same address as a Sendable integer, for the nonisolated deinit.
    private let address: UInt

    /// Wraps a region C lends, taking a reference (`cairo_region_reference`).
    public convenience init(borrowing region: OpaquePointer) {
      self.init(taking: cairo_region_reference(region))
    }

    /// Wraps a region whose reference C gives (a full transfer).
    public init(taking region: OpaquePointer) {
      raw = region
      address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(region)))
    }

    /// An empty region.
    public convenience init() { self.init(taking: cairo_region_create()) }

    /// The region of one rectangle.
    public convenience init(_ rectangle: Rectangle) {
      var cRectangle = Self.cRectangle(rectangle)
      self.init(taking: cairo_region_create_rectangle(&cRectangle))
    }

    deinit { cairo_region_destroy(OpaquePointer(bitPattern: address)) }

    /// Whether the region has no pixel.
    public var isEmpty: Bool { cairo_region_is_empty(raw) != 0 }

    /// The smallest rectangle holding the whole region.
    public var extents: Rectangle {
      var extents = cairo_rectangle_int_t()
      cairo_region_get_extents(raw, &extents)
      return Rectangle(
        x: Int(extents.x), y: Int(extents.y), width: Int(extents.width),
        height: Int(extents.height))
    }

    /// The non-overlapping rectangles the region is made of, top to bottom.
    public var rectangles: [Rectangle] {
      (0..<cairo_region_num_rectangles(raw)).map { index in
        var rectangle = cairo_rectangle_int_t()
        cairo_region_get_rectangle(raw, index, &rectangle)
        return Rectangle(
          x: Int(rectangle.x), y: Int(rectangle.y), width: Int(rectangle.width),
          height: Int(rectangle.height))
      }
    }

    /// Whether the pixel at (`x`, `y`) is in the region.
    public func contains(x: Int, y: Int) -> Bool {
      cairo_region_contains_point(raw, Int32(clamping: x), Int32(clamping: y)) != 0
    }

    /// Adds `rectangle` to the region.
    public func union(_ rectangle: Rectangle) {
      var cRectangle = Self.cRectangle(rectangle)
      cairo_region_union_rectangle(raw, &cRectangle)
    }

    /// Adds `other` to the region.
    public func union(_ other: Cairo.Region) { cairo_region_union(raw, other.raw) }

    /// Keeps only what also lies in `other`.
    public func intersect(_ other: Cairo.Region) { cairo_region_intersect(raw, other.raw) }

    /// Removes `rectangle` from the region.
    public func subtract(_ rectangle: Rectangle) {
      var cRectangle = Self.cRectangle(rectangle)
      cairo_region_subtract_rectangle(raw, &cRectangle)
    }

    /// Moves the region by (`dx`, `dy`).
    public func translate(dx: Int, dy: Int) {
      cairo_region_translate(raw, Int32(clamping: dx), Int32(clamping: dy))
    }

    /// Whether `other` covers the same pixels.
    public func isEqual(to other: Cairo.Region) -> Bool { cairo_region_equal(raw, other.raw) != 0 }

    private static func cRectangle(_ rectangle: Rectangle) -> cairo_rectangle_int_t {
      cairo_rectangle_int_t(
        x: Int32(clamping: rectangle.x), y: Int32(clamping: rectangle.y),
        width: Int32(clamping: rectangle.width), height: Int32(clamping: rectangle.height))
    }
  }
}
