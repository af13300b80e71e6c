// A window's size hints (`GdkGeometry`) as a Swift value.
import CGtk

/// The sizes a window may take: what `GdkGeometry` carries for
/// `Window.setGeometryHints(_:geometry:geomMask:)`. Only the fields the mask names are read
/// (`WindowHints`: `.minSize`, `.maxSize`, `.baseSize`, `.resizeInc`, `.aspect`,
/// `.winGravity`). Copied into C for each call.
nonisolated public struct Geometry: Sendable, Hashable {
  /// The smallest width.
  public var minWidth = 0
  /// The smallest height.
  public var minHeight = 0
  /// The largest width.
  public var maxWidth = 0
  /// The largest height.
  public var maxHeight = 0
  /// The width the increments count from.
  public var baseWidth = 0
  /// The height the increments count from.
  public var baseHeight = 0
  /// The step the width grows by.
  public var widthIncrement = 0
  /// The step the height grows by.
  public var heightIncrement = 0
  /// The smallest width / height ratio.
  public var minAspect = 0.0
  /// The largest width / height ratio.
  public var maxAspect = 0.0
  /// Where the window is placed relative to the position asked for.
  public var gravity = Gravity.northWest

  /// Hints with every field zero (set the ones the mask names).
  public init() {}

  /// A copy of C hints.
  init(_ geometry: GdkGeometry) {
    minWidth = Int(geometry.min_width)
    minHeight = Int(geometry.min_height)
    maxWidth = Int(geometry.max_width)
    maxHeight = Int(geometry.max_height)
    baseWidth = Int(geometry.base_width)
    baseHeight = Int(geometry.base_height)
    widthIncrement = Int(geometry.width_inc)
    heightIncrement = Int(geometry.height_inc)
    minAspect = geometry.min_aspect
    maxAspect = geometry.max_aspect
    gravity = Gravity(rawValue: geometry.win_gravity.rawValue)
  }

  /// The C hints (sizes beyond `Int32` are clamped).
  package var cValue: GdkGeometry {
    GdkGeometry(
      min_width: Int32(clamping: minWidth), min_height: Int32(clamping: minHeight),
      max_width: Int32(clamping: maxWidth), max_height: Int32(clamping: maxHeight),
      base_width: Int32(clamping: baseWidth), base_height: Int32(clamping: baseHeight),
      width_inc: Int32(clamping: widthIncrement), height_inc: Int32(clamping: heightIncrement),
      min_aspect: minAspect, max_aspect: maxAspect,
      win_gravity: GdkGravity(rawValue: gravity.rawValue))
  }
}
