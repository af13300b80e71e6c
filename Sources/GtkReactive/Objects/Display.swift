// Widgets that show things: Label, Image, DrawingArea, and the Pixbuf image type.
import CGtk

/// A `GtkLabel`: read-only text.
open class Label: Widget {
  /// `GtkLabel`'s GType.
  open override class var gType: GType { gtk_label_get_type() }

  var label: UnsafeMutablePointer<GtkLabel> { pointer(as: GtkLabel.self) }

  /// A new label showing `text`.
  public convenience init(_ text: String = "") {
    self.init(retaining: gtk_label_new(text))
  }

  /// The text shown.
  public var text: String {
    get { String(cString: gtk_label_get_text(label)) }
    set { gtk_label_set_text(label, newValue) }
  }

  /// Sets Pango markup (`<b>bold</b>`) as the text.
  public func setMarkup(_ markup: String) { gtk_label_set_markup(label, markup) }
}

/// A `GtkImage`: shows a pixbuf or a named icon.
open class Image: Widget {
  /// `GtkImage`'s GType.
  open override class var gType: GType { gtk_image_get_type() }

  var image: UnsafeMutablePointer<GtkImage> { pointer(as: GtkImage.self) }

  /// A new, empty image.
  public convenience init() {
    self.init(retaining: gtk_image_new())
  }

  /// A new image showing a themed icon.
  public convenience init(iconName: String, size: GtkIconSize = GTK_ICON_SIZE_BUTTON) {
    self.init(retaining: gtk_image_new_from_icon_name(iconName, size))
  }

  /// The pixbuf shown, or `nil`.
  public var pixbuf: Pixbuf? {
    get {
      Object.wrap(gtk_image_get_pixbuf(image).map(UnsafeMutableRawPointer.init), as: Pixbuf.self)
    }
    set { gtk_image_set_from_pixbuf(image, newValue?.pixbuf) }
  }
}

/// A `GtkDrawingArea`: a canvas you draw with cairo from its `draw` signal.
open class DrawingArea: Widget {
  /// `GtkDrawingArea`'s GType.
  open override class var gType: GType { gtk_drawing_area_get_type() }

  /// A new drawing area.
  public convenience init() {
    self.init(retaining: gtk_drawing_area_new())
  }

  /// Asks GTK to redraw the area soon.
  public func queueDraw() { gtk_widget_queue_draw(widget) }
}

/// A `GdkPixbuf`: an image in memory.
open class Pixbuf: Object {
  /// `GdkPixbuf`'s GType.
  open override class var gType: GType { cgtk_type_pixbuf() }

  var pixbuf: OpaquePointer { opaque }

  /// Loads an image file (any format gdk-pixbuf knows).
  /// - Throws: `GLibError` when the file cannot be read or decoded.
  public convenience init(file path: String) throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
      throw GLibError(consuming: error!)
    }
    self.init(takingOwnership: pixbuf)
  }

  /// A new image of `width` × `height` pixels, filled with `rgba` (0xRRGGBBAA).
  public convenience init(width: Int, height: Int, hasAlpha: Bool = true, rgba: UInt32 = 0) {
    let pixbuf = gdk_pixbuf_new(
      GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(width), Int32(height))!
    gdk_pixbuf_fill(pixbuf, rgba)
    self.init(takingOwnership: pixbuf)
  }

  /// The width in pixels.
  public var width: Int { Int(gdk_pixbuf_get_width(pixbuf)) }
  /// The height in pixels.
  public var height: Int { Int(gdk_pixbuf_get_height(pixbuf)) }

  /// A copy scaled to `width` × `height` (bilinear).
  public func scaled(width: Int, height: Int) -> Pixbuf {
    Pixbuf(
      takingOwnership: gdk_pixbuf_scale_simple(
        pixbuf, Int32(width), Int32(height), GDK_INTERP_BILINEAR)!)
  }
}
