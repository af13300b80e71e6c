// Bytes between C and Swift: arrays with a length, GBytes, and buffers that outlive a call.
import CGtk

/// Copies of the bytes C functions give and take, as `[UInt8]`.
nonisolated package enum CBytes {
  /// A copy of the `count` bytes at `pointer`, which C gave (`transfer full`) and which
  /// are then freed; `[]` for NULL.
  package static func take<Element>(
    _ pointer: UnsafeMutablePointer<Element>?, count: some BinaryInteger
  )
    -> [UInt8]
  {
    guard let pointer else { return [] }
    defer { g_free(pointer) }
    return borrow(pointer, count: count)
  }

  /// A copy of the `count` bytes at `pointer`, which C lends; `[]` for NULL.
  package static func borrow<Element>(
    _ pointer: UnsafeMutablePointer<Element>?, count: some BinaryInteger
  ) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
  }

  /// A copy of `bytes` that C frees with `g_free`, its count written to `count`: what a
  /// callback returns to C (a text buffer's serialized data); NULL (and 0) for `nil`.
  package static func giving(_ bytes: [UInt8]?, count: UnsafeMutablePointer<gsize>?)
    -> UnsafeMutablePointer<guint8>?
  {
    count?.pointee = gsize(bytes?.count ?? 0)
    guard let bytes else { return nil }
    let copy = g_malloc(gsize(max(bytes.count, 1)))!.assumingMemoryBound(to: guint8.self)
    bytes.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { copy.update(from: base, count: buffer.count) }
    }
    return copy
  }

  /// A copy of the `count` bytes at `pointer` (`const void *`, `const guchar *`), which C
  /// lends; `[]` for NULL.
  package static func borrow(_ pointer: UnsafeRawPointer?, count: some BinaryInteger) -> [UInt8] {
    guard let pointer, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(count)))
  }

  /// A copy of what a `GBytes` holds, which C gave (`transfer full`) and which is then
  /// released; `nil` for NULL.
  package static func takeBytes(_ bytes: OpaquePointer?) -> [UInt8]? {
    guard let bytes else { return nil }
    defer { g_bytes_unref(bytes) }
    return borrowBytes(bytes)
  }

  /// A copy of what a `GBytes` C lends holds; `nil` for NULL.
  package static func borrowBytes(_ bytes: OpaquePointer?) -> [UInt8]? {
    guard let bytes else { return nil }
    var size = gsize()
    guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
  }

  /// A new `GBytes` holding a copy of `array` (`nil` for `nil`); the caller releases it
  /// with `g_bytes_unref`.
  package static func makeBytes(_ array: [UInt8]?) -> OpaquePointer? {
    guard let array else { return nil }
    // GLib copies no bytes into a NULL pointer, and its streams refuse a NULL buffer even
    // for no bytes: no bytes point at a byte of their own.
    if array.isEmpty { return g_bytes_new_static(emptyStorage, 0) }
    return array.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
  }

  /// The one byte empty `GBytes` point at (never read, never freed).
  nonisolated(unsafe) private static let emptyStorage = UnsafeMutableRawPointer.allocate(
    byteCount: 1, alignment: 1)
}

/// A C buffer that lives as long as this object: the bytes an asynchronous write reads,
/// or the room an asynchronous read fills, until the call has finished (the generated
/// operation's closures hold it).
nonisolated final class CByteBuffer: @unchecked Sendable {
  // @unchecked: written by C during one call, read on the main thread after it.
  /// The buffer (never NULL, even when empty).
  let raw: UnsafeMutableRawPointer
  /// Its size in bytes.
  let count: Int

  /// A copy of `bytes`.
  init(_ bytes: [UInt8]) {
    count = bytes.count
    raw = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { raw.copyMemory(from: base, byteCount: count) }
    }
  }

  /// `count` zeroed bytes for C to fill.
  init(count: Int) {
    self.count = max(count, 0)
    raw = UnsafeMutableRawPointer.allocate(byteCount: max(self.count, 1), alignment: 16)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: max(self.count, 1))
  }

  deinit { raw.deallocate() }

  /// The buffer as the C type a function declares (`const char *`, `guint8 *`).
  func typed<Element>(_ type: Element.Type) -> UnsafeMutablePointer<Element> {
    raw.assumingMemoryBound(to: Element.self)
  }

  /// The first `length` bytes (clamped to the buffer), after C filled them.
  func prefix(_ length: some BinaryInteger) -> [UInt8] {
    let length = min(max(Int(length), 0), count)
    return Array(UnsafeRawBufferPointer(start: raw, count: length))
  }
}
