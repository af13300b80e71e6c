// The new order a tree model's `rows-reordered` passes, as long as the node's children.
import CGtk

/// Reads the `gint` array `GtkTreeModel::rows-reordered` passes: for each new position,
/// the old position of the child now there. C gives no length; the array is as long as
/// the reordered node has children, so it is counted on the model.
nonisolated package enum TreeOrders {
  /// The new order of the children of `node` (the top level when NULL) of the model held
  /// by the GValue `model`; none when the array or the model is missing.
  package static func newOrder(
    _ order: UnsafeMutableRawPointer?, model: UnsafePointer<GValue>,
    node: UnsafeMutableRawPointer?
  ) -> [Int] {
    guard let order, let instance = g_value_get_object(model) else { return [] }
    let count = gtk_tree_model_iter_n_children(
      OpaquePointer(instance), node?.assumingMemoryBound(to: GtkTreeIter.self))
    let positions = order.assumingMemoryBound(to: Int32.self)
    return (0..<Int(max(count, 0))).map { Int(positions[$0]) }
  }
}
