// cairo surfaces and regions as boxed GValues (cairo-gobject), for properties and signals.
import CGtk

// GValues are read and written on the main thread, where GTK's properties and signals
// live; the conformances are nonisolated like every GValueConvertible's, and reach the
// main-actor classes as `Object`'s does.

nonisolated extension Cairo.Surface: GValueConvertible {
  /// `CAIRO_GOBJECT_TYPE_SURFACE`.
  public static var valueType: GType { cairo_gobject_surface_get_type() }
  /// The surface a GValue holds, with a reference of its own; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Self? {
    guard let surface = g_value_get_boxed(value) else { return nil }
    let address = UInt(bitPattern: surface)
    return MainActor.assumeIsolated { Self(borrowing: OpaquePointer(bitPattern: address)!) }
  }
  /// Stores a reference to the surface (the boxed type's copy references it).
  public func write(to value: UnsafeMutablePointer<GValue>) {
    let address = MainActor.assumeIsolated { UInt(bitPattern: UnsafeRawPointer(raw)) }
    g_value_set_boxed(value, UnsafeRawPointer(bitPattern: address))
  }
}

nonisolated extension Cairo.Region: GValueConvertible {
  /// `CAIRO_GOBJECT_TYPE_REGION`.
  public static var valueType: GType { cairo_gobject_region_get_type() }
  /// The region a GValue holds, with a reference of its own; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> Self? {
    guard let region = g_value_get_boxed(value) else { return nil }
    let address = UInt(bitPattern: region)
    return MainActor.assumeIsolated { Self(borrowing: OpaquePointer(bitPattern: address)!) }
  }
  /// Stores a reference to the region (the boxed type's copy references it).
  public func write(to value: UnsafeMutablePointer<GValue>) {
    let address = MainActor.assumeIsolated { UInt(bitPattern: UnsafeRawPointer(raw)) }
    g_value_set_boxed(value, UnsafeRawPointer(bitPattern: address))
  }
}
