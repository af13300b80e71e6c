// GTK's widths of a box's four sides (`GtkBorder`) as a Swift value.
import CGtk

/// The widths of the four sides of a box, in pixels: what `GtkBorder` carries (a style
/// context's padding, border and margin; an entry's inner border). Copied out of C.
nonisolated public struct Border: Sendable, Hashable {
  /// The left side.
  public var left: Int
  /// The right side.
  public var right: Int
  /// The top side.
  public var top: Int
  /// The bottom side.
  public var bottom: Int

  /// A border of the given widths.
  public init(left: Int = 0, right: Int = 0, top: Int = 0, bottom: Int = 0) {
    (self.left, self.right, self.top, self.bottom) = (left, right, top, bottom)
  }

  /// A copy of a C border.
  init(_ border: GtkBorder) {
    self.init(
      left: Int(border.left), right: Int(border.right), top: Int(border.top),
      bottom: Int(border.bottom))
  }

  /// The C border (widths beyond `Int16` are clamped).
  package var cValue: GtkBorder {
    GtkBorder(
      left: Int16(clamping: left), right: Int16(clamping: right), top: Int16(clamping: top),
      bottom: Int16(clamping: bottom))
  }
}

nonisolated extension Border: GValueConvertible {
  /// `GTK_TYPE_BORDER`.
  public static var valueType: GType { gtk_border_get_type() }
  /// Reads a boxed `GtkBorder`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Border? {
    CValues.read(value, as: GtkBorder.self).map(Border.init)
  }
  /// Writes a copy of the border.
  public func write(to value: UnsafeMutablePointer<GValue>) { CValues.write(cValue, to: value) }
}
