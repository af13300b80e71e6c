// A row's position in a tree or list model, as Swift indices.
import CGtk

/// A `GtkTreePath`: the indices of a row, from the top level down (a list row is one
/// index).
nonisolated public struct TreePath: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// The indices, outermost first.
  public var indices: [Int]

  /// A path from its indices.
  public init(_ indices: [Int]) { self.indices = indices }

  /// A path from an array literal: `[2]`, `[0, 3]`.
  public init(arrayLiteral indices: Int...) { self.indices = indices }

  /// The path GTK lends (`transfer none`).
  init(borrowing path: OpaquePointer) {
    var depth: Int32 = 0
    let values = gtk_tree_path_get_indices_with_depth(path, &depth)
    indices = (0..<Int(depth)).map { Int(values?[$0] ?? 0) }
  }

  /// The path a signal passes.
  init(borrowing path: UnsafeMutableRawPointer) { self.init(borrowing: OpaquePointer(path)) }

  /// The path GTK gives (`transfer full`), which is then freed.
  init(taking path: OpaquePointer) {
    self.init(borrowing: path)
    gtk_tree_path_free(path)
  }

  /// A C copy of the path, for one call; free it with `freeCPointer(_:)`.
  func makeCPointer() -> OpaquePointer {
    var values = indices.map { Int32(clamping: $0) }
    return gtk_tree_path_new_from_indicesv(&values, gsize(values.count))
  }

  /// Frees a copy made by `makeCPointer()`.
  static func freeCPointer(_ path: OpaquePointer?) {
    if let path { gtk_tree_path_free(path) }
  }
}

nonisolated extension TreePath: GValueConvertible {
  /// `GTK_TYPE_TREE_PATH`.
  public static var valueType: GType { gtk_tree_path_get_type() }
  /// Reads a boxed `GtkTreePath`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> TreePath? {
    g_value_get_boxed(value).map { TreePath(borrowing: $0) }
  }
  /// Writes a copy of the path.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
