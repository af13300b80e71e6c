// A tree model read as a flat list: its row count and the values of its rows.
import CGtk

extension TreeModel {
  /// The number of top-level rows (a list's length).
  public var count: Int { Int(gtk_tree_model_iter_n_children(opaque, nil)) }

  /// Reads `column` of row `row` as `V`.
  public func value<V: GValueConvertible>(row: Int, column: Int, as type: V.Type = V.self) -> V? {
    var iter = GtkTreeIter()
    guard gtk_tree_model_iter_nth_child(opaque, &iter, nil, Int32(row)) != 0 else { return nil }
    var value = GValue()
    gtk_tree_model_get_value(opaque, &iter, Int32(column), &value)
    defer { g_value_unset(&value) }
    return GValues.read(&value, as: V.self)
  }
}
