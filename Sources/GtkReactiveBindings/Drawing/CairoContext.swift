// Drawing with cairo from Swift: the context a widget's `draw` gets.
import CGtk

/// A cairo drawing context (`cairo_t`): what a widget draws itself with, in its own
/// coordinates (the origin at its top-left corner, one unit per application pixel).
///
/// Paths are built (`move(to:)`, `line(to:)`, `arc(…)`, `rectangle(…)`) and then filled or
/// stroked with the current source colour. `save()`/`restore()` (or `withSavedState`)
/// bracket changes of transformation, clip and source.
///
/// ```swift
/// func draw(in context: CairoContext) -> Bool {
///   context.setSource(RGBA(red: 0.2, green: 0.4, blue: 0.8))
///   context.arc(centerX: 50, centerY: 50, radius: 40, from: 0, to: 2 * .pi)
///   context.fill()
///   return false
/// }
/// ```
///
/// A context is valid only during the call that lends it (`draw(in:)`, a print page);
/// it is the same C context, referenced while the Swift object lives.
public final class CairoContext {
  /// The C context, for cairo calls GtkReactive does not wrap.
  public let raw: OpaquePointer

  /// The same address as a Sendable integer, for the nonisolated deinit.
  private let address: UInt

  /// Wraps a context C lends, taking a reference (`cairo_reference`).
  public init(borrowing context: OpaquePointer) {
    raw = cairo_reference(context)
    address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(raw)))
  }

  deinit { cairo_destroy(OpaquePointer(bitPattern: address)) }

  // MARK: State

  /// Pushes the state (source, transformation, clip, line width) on a stack.
  public func save() { cairo_save(raw) }

  /// Pops the state `save()` pushed.
  public func restore() { cairo_restore(raw) }

  /// Runs `body` between `save()` and `restore()`.
  public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
    save()
    defer { restore() }
    return try body()
  }

  /// Sets the source to a solid colour.
  public func setSource(_ color: RGBA) {
    cairo_set_source_rgba(raw, color.red, color.green, color.blue, color.alpha)
  }

  /// Sets the source to `pixbuf`, its top-left corner at (`x`, `y`).
  public func setSource(_ pixbuf: Pixbuf, x: Double, y: Double) {
    gdk_cairo_set_source_pixbuf(raw, pixbuf.opaque, x, y)
  }

  /// The width of stroked lines.
  public var lineWidth: Double {
    get { cairo_get_line_width(raw) }
    set { cairo_set_line_width(raw, newValue) }
  }

  // MARK: Transformation

  /// Moves the origin by (`x`, `y`).
  public func translate(x: Double, y: Double) { cairo_translate(raw, x, y) }

  /// Scales the axes.
  public func scale(x: Double, y: Double) { cairo_scale(raw, x, y) }

  /// Rotates the axes by `angle` radians (clockwise, as the y axis points down).
  public func rotate(by angle: Double) { cairo_rotate(raw, angle) }

  // MARK: Paths

  /// Starts a new path, dropping the current one.
  public func newPath() { cairo_new_path(raw) }

  /// Starts a new sub-path without a line from the current point.
  public func newSubPath() { cairo_new_sub_path(raw) }

  /// Sets the current point.
  public func move(to x: Double, _ y: Double) { cairo_move_to(raw, x, y) }

  /// Adds a line from the current point.
  public func line(to x: Double, _ y: Double) { cairo_line_to(raw, x, y) }

  /// Adds a cubic Bézier curve from the current point.
  public func curve(
    to x: Double, _ y: Double, control1: (x: Double, y: Double),
    control2: (x: Double, y: Double)
  ) {
    cairo_curve_to(raw, control1.x, control1.y, control2.x, control2.y, x, y)
  }

  /// Adds an arc around (`centerX`, `centerY`) from angle `start` to `end` (radians,
  /// increasing clockwise), joined to the current point by a line.
  public func arc(
    centerX: Double, centerY: Double, radius: Double, from start: Double,
    to end: Double
  ) {
    cairo_arc(raw, centerX, centerY, radius, start, end)
  }

  /// Adds an arc like `arc(…)`, counter-clockwise.
  public func arcNegative(
    centerX: Double, centerY: Double, radius: Double, from start: Double,
    to end: Double
  ) {
    cairo_arc_negative(raw, centerX, centerY, radius, start, end)
  }

  /// Adds a closed rectangle.
  public func rectangle(x: Double, y: Double, width: Double, height: Double) {
    cairo_rectangle(raw, x, y, width, height)
  }

  /// Closes the current sub-path with a line to its start.
  public func closePath() { cairo_close_path(raw) }

  // MARK: Painting

  /// Fills the path with the source; keeps the path when `preserve`.
  public func fill(preserve: Bool = false) {
    if preserve { cairo_fill_preserve(raw) } else { cairo_fill(raw) }
  }

  /// Strokes the path with the source and line width; keeps the path when `preserve`.
  public func stroke(preserve: Bool = false) {
    if preserve { cairo_stroke_preserve(raw) } else { cairo_stroke(raw) }
  }

  /// Paints the source everywhere inside the clip, at `alpha`.
  public func paint(alpha: Double = 1) {
    if alpha >= 1 { cairo_paint(raw) } else { cairo_paint_with_alpha(raw, alpha) }
  }

  /// Restricts drawing to the path (intersected with the current clip) and clears it.
  public func clip() { cairo_clip(raw) }

  /// Whether (`x`, `y`) lies inside the area the path would fill.
  public func fillContains(x: Double, y: Double) -> Bool { cairo_in_fill(raw, x, y) != 0 }

  // MARK: Text

  /// Draws `text` with its top-left corner at (`x`, `y`) in `font` (a Pango description
  /// such as `"Sans Bold 10"`; Pango's default when `nil`), laid out by Pango as GTK lays
  /// out labels, and returns its size. `markup` reads `text` as Pango markup.
  @discardableResult
  public func drawText(
    _ text: String, x: Double, y: Double, font: String? = nil, markup: Bool = false
  ) -> (width: Double, height: Double) {
    withLayout(text, font: font, markup: markup) { layout, size in
      cairo_move_to(raw, x, y)
      pango_cairo_show_layout(raw, layout)
      return size
    }
  }

  /// The size `text` would take in `font`, without drawing it.
  public func measureText(_ text: String, font: String? = nil, markup: Bool = false)
    -> (width: Double, height: Double)
  {
    withLayout(text, font: font, markup: markup) { _, size in size }
  }

  /// Runs `body` with a Pango layout of `text` for this context and its pixel size.
  private func withLayout<R>(
    _ text: String, font: String?, markup: Bool,
    _ body: (OpaquePointer, (width: Double, height: Double)) -> R
  ) -> R {
    let layout = pango_cairo_create_layout(raw)!
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    if let font {
      let description = pango_font_description_from_string(font)
      pango_layout_set_font_description(layout, description)
      pango_font_description_free(description)
    }
    if markup {
      pango_layout_set_markup(layout, text, -1)
    } else {
      pango_layout_set_text(layout, text, -1)
    }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_pixel_size(layout, &width, &height)
    return body(layout, (Double(width), Double(height)))
  }
}
