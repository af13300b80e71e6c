// A widget's size request (`GtkRequisition`) as a Swift value.
import CGtk

/// A width and a height a widget asks for, in pixels: what `GtkRequisition` carries (a
/// widget's minimum and natural size, `Widget.preferredSize`). Copied out of C.
nonisolated public struct Requisition: Sendable, Hashable {
  /// The width asked for.
  public var width: Int
  /// The height asked for.
  public var height: Int

  /// A request of the given size.
  public init(width: Int = 0, height: Int = 0) {
    (self.width, self.height) = (width, height)
  }

  /// A copy of a C request.
  init(_ requisition: GtkRequisition) {
    self.init(width: Int(requisition.width), height: Int(requisition.height))
  }

  /// The C request (sizes beyond `Int32` are clamped).
  package var cValue: GtkRequisition {
    GtkRequisition(width: Int32(clamping: width), height: Int32(clamping: height))
  }
}
