// GDK's colour (`GdkRGBA`) as a Swift value.
import CGtk

/// A colour with alpha, each channel from 0 to 1: what `GdkRGBA` carries (a colour
/// button's `rgba`, a colour chooser's `colorActivated`). Copied in and out of C.
nonisolated public struct RGBA: Sendable, Hashable {
  /// Red, 0…1.
  public var red: Double
  /// Green, 0…1.
  public var green: Double
  /// Blue, 0…1.
  public var blue: Double
  /// Opacity, 0 (transparent) … 1 (opaque).
  public var alpha: Double

  /// A colour from its channels.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }

  /// A colour from a CSS colour specification (`"#3465a4"`, `"rgba(0,0,0,0.5)"`,
  /// `"red"`); `nil` when GDK cannot parse it.
  public init?(parsing specification: String) {
    var color = GdkRGBA()
    guard gdk_rgba_parse(&color, specification) != 0 else { return nil }
    self.init(color)
  }

  /// A copy of a C colour.
  package init(_ color: GdkRGBA) {
    self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
  }

  /// The C colour.
  package var cValue: GdkRGBA { GdkRGBA(red: red, green: green, blue: blue, alpha: alpha) }

  /// The colour as CSS (`"rgb(52,101,164)"`, or `"rgba(…)"` when not opaque).
  public var css: String {
    var color = cValue
    return CStrings.takeStringOrEmpty(gdk_rgba_to_string(&color))
  }
}

nonisolated extension RGBA: GValueConvertible {
  /// `GDK_TYPE_RGBA`.
  public static var valueType: GType { gdk_rgba_get_type() }
  /// Reads a boxed `GdkRGBA`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> RGBA? {
    CValues.read(value, as: GdkRGBA.self).map(RGBA.init)
  }
  /// Writes a copy of the colour.
  public func write(to value: UnsafeMutablePointer<GValue>) { CValues.write(cValue, to: value) }
}
