// A file's local path as the file system's bytes, which need not be UTF-8.
import CGtk

extension File {
  /// The file's local path, byte for byte (`g_file_get_path`), or `nil` when it has none
  /// (a remote URI). Unlike `path`, a name that is not UTF-8 survives: open it with
  /// these bytes, show it with `String(decoding:as:)`.
  public var pathBytes: [UInt8]? {
    guard let raw = g_file_get_path(opaque) else { return nil }
    defer { g_free(raw) }
    return Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
  }
}
