// Files by path or URI, as a concrete type whose `rx` members are available.
import CGtk

extension AnyFile {
  /// The file at `path` (`g_file_new_for_path`): no I/O happens until an operation runs,
  /// so a path that does not exist is still a file to ask about.
  public convenience init(path: String) {
    self.init(takingOwnership: UnsafeMutableRawPointer(g_file_new_for_path(path))!)
  }

  /// The file at `uri` (`g_file_new_for_uri`), such as `file:///home` or `trash:///`.
  public convenience init(uri: String) {
    self.init(takingOwnership: UnsafeMutableRawPointer(g_file_new_for_uri(uri))!)
  }
}
