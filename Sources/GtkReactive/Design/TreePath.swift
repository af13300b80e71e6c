// A row's position in a tree or list model, as Swift indices.
import CGtk

/// A `GtkTreePath`: the indices of a row, from the top level down (a list row is one
/// index).
public struct TreePath: Sendable, Hashable, ExpressibleByArrayLiteral {
  /// The indices, outermost first.
  public var indices: [Int]

  /// A path from its indices.
  public init(_ indices: [Int]) { self.indices = indices }

  /// A path from an array literal: `[2]`, `[0, 3]`.
  public init(arrayLiteral indices: Int...) { self.indices = indices }

  /// The path GTK passes (`transfer none`).
  init(borrowing path: UnsafeMutableRawPointer) {
    let opaque = OpaquePointer(path)
    var depth: Int32 = 0
    let values = gtk_tree_path_get_indices_with_depth(opaque, &depth)
    indices = (0..<Int(depth)).map { Int(values?[$0] ?? 0) }
  }

  /// Runs `body` with a C copy of the path, freed afterwards.
  func withCPath<R>(_ body: (OpaquePointer) -> R) -> R {
    var values = indices.map { Int32(clamping: $0) }
    let path = gtk_tree_path_new_from_indicesv(&values, gsize(values.count))!
    defer { gtk_tree_path_free(path) }
    return body(path)
  }
}
