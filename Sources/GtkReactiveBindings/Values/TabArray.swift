// Pango's tab stops (`PangoTabArray`) as their string form.
import CGtk

/// Tab stops of a text, as Pango's string form: their positions in Pango units, or in
/// pixels with `px`, each optionally aligned (`"100 200"`, `"40px right:120px"`,
/// `"decimal:300"`). What `TextView.tabs`, `Entry.tabs` and a text tag's `tabs` carry;
/// copied in and out of C as that string.
///
/// ```swift
/// textView.setTabs(TabArray("40px 80px 120px")!)
/// ```
nonisolated public struct TabArray: Sendable, Hashable, CustomStringConvertible {
  /// Pango's string form, as Pango writes it back.
  public private(set) var string: String

  /// The tab stops of string form `string`, or nil when Pango cannot parse it.
  public init?(_ string: String) {
    guard let tabs = pango_tab_array_from_string(string) else { return nil }
    self.init(taking: tabs)
  }

  /// The string form.
  public var description: String { string }

  /// Whether the positions are in pixels (else in Pango units).
  public var positionsInPixels: Bool {
    let tabs = makeCPointer()
    defer { Self.freeCPointer(tabs) }
    return pango_tab_array_get_positions_in_pixels(tabs) != 0
  }

  /// The positions, in pixels or Pango units as `positionsInPixels` says.
  public var positions: [Int] {
    let tabs = makeCPointer()
    defer { Self.freeCPointer(tabs) }
    return (0..<pango_tab_array_get_size(tabs)).map { index in
      var position: Int32 = 0
      pango_tab_array_get_tab(tabs, index, nil, &position)
      return Int(position)
    }
  }

  /// A copy of the tab stops Pango lends (`transfer none`).
  package init(borrowing tabs: OpaquePointer) {
    string = CStrings.takeStringOrEmpty(pango_tab_array_to_string(tabs))
  }

  /// The tab stops a signal or a boxed GValue passes.
  package init(borrowing tabs: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(tabs))
  }

  /// The tab stops Pango gives (`transfer full`), which are then freed.
  package init(taking tabs: OpaquePointer) {
    self.init(borrowing: tabs)
    pango_tab_array_free(tabs)
  }

  /// A C copy of the tab stops, for one call; free it with `freeCPointer(_:)`.
  package func makeCPointer() -> OpaquePointer {
    // The string came from Pango or was parsed by it: it parses again.
    pango_tab_array_from_string(string) ?? pango_tab_array_new(0, 0)
  }

  /// Frees a copy made by `makeCPointer()`.
  package static func freeCPointer(_ tabs: OpaquePointer?) {
    if let tabs { pango_tab_array_free(tabs) }
  }
}

nonisolated extension TabArray: GValueConvertible {
  /// `PANGO_TYPE_TAB_ARRAY`.
  public static var valueType: GType { pango_tab_array_get_type() }
  /// Reads a boxed `PangoTabArray`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> TabArray? {
    g_value_get_boxed(value).map { TabArray(borrowing: $0) }
  }
  /// Writes a copy of the tab stops.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
