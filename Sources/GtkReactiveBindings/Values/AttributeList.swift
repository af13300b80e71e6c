// Pango's attribute list (`PangoAttrList`) as its string form.
import CGtk

/// Styling of ranges of a text (weight, colour, size, underline…), as Pango's string form:
/// one attribute a line, its start and end byte offsets first (`"0 5 weight bold"`,
/// `"6 11 foreground #ff0000"`). What `Label.attributes`, `Entry.attributes` and a text
/// cell renderer's `attributes` carry; copied in and out of C as that string.
///
/// ```swift
/// label.attributes = AttributeList("0 5 weight bold\n0 -1 scale 1.5")
/// ```
nonisolated public struct AttributeList: Sendable, Hashable, CustomStringConvertible {
  /// Pango's string form, as Pango writes it back.
  public private(set) var string: String

  /// No attributes.
  public init() { string = "" }

  /// The attributes of string form `string`, or nil when Pango cannot parse it (an
  /// unknown attribute, a missing offset).
  public init?(_ string: String) {
    guard let list = pango_attr_list_from_string(string) else { return nil }
    self.init(taking: list)
  }

  /// The string form.
  public var description: String { string }

  /// A copy of the list Pango lends (`transfer none`).
  package init(borrowing list: OpaquePointer) {
    string = CStrings.takeStringOrEmpty(pango_attr_list_to_string(list))
  }

  /// The list a signal or a boxed GValue passes.
  package init(borrowing list: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(list))
  }

  /// The list Pango gives (`transfer full`), which is then released.
  package init(taking list: OpaquePointer) {
    self.init(borrowing: list)
    pango_attr_list_unref(list)
  }

  /// A C list of the attributes, for one call; release it with `freeCPointer(_:)`.
  package func makeCPointer() -> OpaquePointer {
    // The string came from Pango or was parsed by it: it parses again.
    pango_attr_list_from_string(string) ?? pango_attr_list_new()
  }

  /// Releases a list made by `makeCPointer()`.
  package static func freeCPointer(_ list: OpaquePointer?) {
    if let list { pango_attr_list_unref(list) }
  }
}

nonisolated extension AttributeList: GValueConvertible {
  /// `PANGO_TYPE_ATTR_LIST`.
  public static var valueType: GType { pango_attr_list_get_type() }
  /// Reads a boxed `PangoAttrList`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> AttributeList? {
    g_value_get_boxed(value).map { AttributeList(borrowing: $0) }
  }
  /// Writes a new list of the attributes.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
