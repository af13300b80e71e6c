// Param specs for properties declared in Swift: one per fundamental GType.
import CGtk

/// Makes the `GParamSpec` of a Swift-declared property from its value's GType.
enum ParamSpecs {
  /// A spec named `name` for values of `type`; `writeDefault` writes the default into a
  /// GValue of `type` (the type's zero when `nil`); `range` bounds numbers.
  static func make(
    name: String, nick: String?, blurb: String?, type: GType, flags: GParamFlags,
    range: ClosedRange<Double>?, writeDefault: ((UnsafeMutablePointer<GValue>) -> Void)?
  ) -> UnsafeMutablePointer<GParamSpec> {
    GValues.with(type) { value in
      writeDefault?(value)
      let fundamental = g_type_fundamental(type)
      let spec: UnsafeMutablePointer<GParamSpec>?
      switch fundamental {
      case cgtk_type_boolean():
        spec = g_param_spec_boolean(name, nick, blurb, g_value_get_boolean(value), flags)
      case cgtk_type_int():
        spec = g_param_spec_int(
          name, nick, blurb, bound(range?.lowerBound, Int32.min),
          bound(range?.upperBound, Int32.max), g_value_get_int(value), flags)
      case cgtk_type_uint():
        spec = g_param_spec_uint(
          name, nick, blurb, bound(range?.lowerBound, UInt32.min),
          bound(range?.upperBound, UInt32.max), g_value_get_uint(value), flags)
      case cgtk_type_int64():
        spec = g_param_spec_int64(
          name, nick, blurb, bound(range?.lowerBound, gint64.min),
          bound(range?.upperBound, gint64.max), g_value_get_int64(value), flags)
      case cgtk_type_double():
        spec = g_param_spec_double(
          name, nick, blurb, range?.lowerBound ?? -Double.greatestFiniteMagnitude,
          range?.upperBound ?? Double.greatestFiniteMagnitude, g_value_get_double(value),
          flags)
      case cgtk_type_string():
        spec = g_param_spec_string(name, nick, blurb, g_value_get_string(value), flags)
      case cgtk_type_object():
        spec = g_param_spec_object(name, nick, blurb, type, flags)
      case cgtk_type_enum():
        spec = g_param_spec_enum(name, nick, blurb, type, g_value_get_enum(value), flags)
      case cgtk_type_flags():
        spec = g_param_spec_flags(name, nick, blurb, type, g_value_get_flags(value), flags)
      case cgtk_type_boxed():
        spec = g_param_spec_boxed(name, nick, blurb, type, flags)
      case cgtk_type_variant():
        spec = g_param_spec_variant(name, nick, blurb, cgtk_variant_type_any(), nil, flags)
      default:
        spec = g_param_spec_pointer(name, nick, blurb, flags)
      }
      return spec!
    }
  }

  /// `value` clamped into `T`, or `fallback` when there is none.
  private static func bound<T: BinaryInteger>(_ value: Double?, _ fallback: T) -> T {
    guard let value else { return fallback }
    return T(exactly: value.rounded()) ?? fallback
  }
}
