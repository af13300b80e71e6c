// A folder of a scanned tree: its size with everything under it, and its subfolders.

/// One folder of a scan, with the bytes and files under it (its own and its
/// subfolders'), and its subfolders, largest first.
public struct FolderNode: Sendable, Hashable {
  /// The folder's name (the last component of `path`).
  public var name: String
  /// The folder's path.
  public var path: String
  /// Bytes on disk under the folder, its own files and every subfolder's.
  public var size: Int64
  /// Files under the folder, at any depth.
  public var fileCount: Int
  /// The subfolders, largest first (ties by name).
  public var children: [FolderNode]

  /// A folder; `children` are sorted largest first.
  public init(name: String, path: String, size: Int64, fileCount: Int, children: [FolderNode] = [])
  {
    self.name = name
    self.path = path
    self.size = size
    self.fileCount = fileCount
    self.children = children.sorted { ($0.size, $1.name) > ($1.size, $0.name) }
  }

  /// The folder at `path` in this tree, or `nil`.
  public func node(at path: String) -> FolderNode? {
    if path == self.path { return self }
    guard path.hasPrefix(self.path) else { return nil }
    for child in children {
      if let found = child.node(at: path) { return found }
    }
    return nil
  }

  /// Every folder under this one (not itself), at any depth.
  public var descendants: [FolderNode] {
    children.flatMap { [$0] + $0.descendants }
  }

  /// The `count` largest folders under this one, at any depth, largest first.
  public func largest(_ count: Int) -> [FolderNode] {
    Array(descendants.sorted { ($0.size, $1.path) > ($1.size, $0.path) }.prefix(max(count, 0)))
  }
}
