// What kind of thing a widget or a virtual item is, for assistive technologies.
import CGtk

/// The role a screen reader announces for an accessible object (ATK's `AtkRole`): "list
/// item", "image", "push button"…
///
/// A struct over the C value, like the generated enumerations, so any `AtkRole` round-trips;
/// the common ones are named.
public struct AccessibleRole: Hashable, Sendable {
  /// The `AtkRole` value.
  public let rawValue: UInt32

  /// The role with the `AtkRole` value `rawValue`.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  init(_ role: AtkRole) { rawValue = role.rawValue }

  var atk: AtkRole { AtkRole(rawValue: rawValue) }

  /// An item of a list (`ATK_ROLE_LIST_ITEM`).
  public static let listItem = AccessibleRole(ATK_ROLE_LIST_ITEM)
  /// A list of items the user can pick from (`ATK_ROLE_LIST_BOX`).
  public static let listBox = AccessibleRole(ATK_ROLE_LIST_BOX)
  /// A list (`ATK_ROLE_LIST`).
  public static let list = AccessibleRole(ATK_ROLE_LIST)
  /// An image (`ATK_ROLE_IMAGE`).
  public static let image = AccessibleRole(ATK_ROLE_IMAGE)
  /// A surface drawn by the application (`ATK_ROLE_DRAWING_AREA`), GTK's default for a
  /// `DrawingArea`.
  public static let drawingArea = AccessibleRole(ATK_ROLE_DRAWING_AREA)
  /// A button (`ATK_ROLE_PUSH_BUTTON`).
  public static let pushButton = AccessibleRole(ATK_ROLE_PUSH_BUTTON)
  /// A cell of a table or grid (`ATK_ROLE_TABLE_CELL`).
  public static let tableCell = AccessibleRole(ATK_ROLE_TABLE_CELL)
  /// A panel grouping other objects (`ATK_ROLE_PANEL`).
  public static let panel = AccessibleRole(ATK_ROLE_PANEL)
}
