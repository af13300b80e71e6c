// The order of rows in keyed list and flow boxes, kept as row data.
import CGtk

/// The order of the rows a keyed `items` binding puts in a `GtkListBox` or `GtkFlowBox`:
/// each row carries its position as qdata, and the box sorts by it. Moving a row is then
/// a change of number and one re-sort, never a removal, so rows keep focus and selection.
package nonisolated enum RowOrder {
  private static let position = g_quark_from_string("gtkreactive-row-position")

  /// Stores `index` on `row`.
  package static func set(_ index: Int, on row: UnsafeMutableRawPointer) {
    g_object_set_qdata(
      row.assumingMemoryBound(to: GObject.self), position,
      UnsafeMutableRawPointer(bitPattern: index + 1))
  }

  /// The index stored on `row`, or `nil` for a row the binding did not place.
  package static func index(of row: UnsafeMutableRawPointer?) -> Int? {
    guard let row else { return nil }
    let stored = Int(
      bitPattern: g_object_get_qdata(row.assumingMemoryBound(to: GObject.self), position))
    return stored == 0 ? nil : stored - 1
  }

  /// Forgets the index of `row` (it left the binding).
  package static func clear(_ row: UnsafeMutableRawPointer) {
    g_object_set_qdata(row.assumingMemoryBound(to: GObject.self), position, nil)
  }

  /// Orders rows by stored index; rows without one go last.
  private static func compare(_ a: UnsafeMutableRawPointer?, _ b: UnsafeMutableRawPointer?)
    -> Int32
  {
    let first = index(of: a) ?? .max
    let second = index(of: b) ?? .max
    return first < second ? -1 : first == second ? 0 : 1
  }

  /// `GtkListBoxSortFunc` by stored index.
  package static let listBoxSort: GtkListBoxSortFunc = { a, b, _ in
    compare(UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b))
  }

  /// `GtkFlowBoxSortFunc` by stored index.
  package static let flowBoxSort: GtkFlowBoxSortFunc = { a, b, _ in
    compare(UnsafeMutableRawPointer(a), UnsafeMutableRawPointer(b))
  }
}
