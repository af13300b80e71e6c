// A row of a tree model (`GtkTreeIter`) as a Swift value.
import CGtk

/// A row of a tree or list model, as the model hands it out (`GtkTreeIter`): a copy of
/// the C iterator, valid while the model keeps its rows (a `ListStore` or `TreeStore`
/// keeps it valid until the row is removed). Pass it back to the model that made it.
///
/// ```swift
/// treeView.rx.testExpandRow.subscribe(next: { emission in
///   print(emission.arguments.path)  // a TreePath; emission.arguments.iter is the row
/// })
/// ```
nonisolated public struct TreeIter: @unchecked Sendable {
  // @unchecked: the C iterator holds the model's private pointers, which are data, not
  // references; like every GTK value it is used on the main thread.

  /// The C iterator.
  package var cValue: GtkTreeIter

  /// A copy of a C iterator.
  init(_ iter: GtkTreeIter) { cValue = iter }

  /// The model's stamp: which generation of the model made the iterator.
  public var stamp: Int { Int(cValue.stamp) }
}

nonisolated extension TreeIter: GValueConvertible {
  /// `GTK_TYPE_TREE_ITER`.
  public static var valueType: GType { gtk_tree_iter_get_type() }
  /// Reads a boxed `GtkTreeIter`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> TreeIter? {
    CValues.read(value, as: GtkTreeIter.self).map(TreeIter.init)
  }
  /// Writes a copy of the iterator.
  public func write(to value: UnsafeMutablePointer<GValue>) { CValues.write(cValue, to: value) }
}
