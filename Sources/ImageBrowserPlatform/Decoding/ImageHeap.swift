// glibc's allocator tuned for decoded images: megabytes each, coming and going with every page.
import CImaging  // mallopt

/// How a process's heap holds decoded images; the app and the decoder helper tune it
/// first thing.
package enum ImageHeap {
  /// Tunes glibc's allocator for large, short-lived pixel buffers. A fixed mmap
  /// threshold (glibc otherwise raises it to 32 MB after the first large free) gives
  /// each one its own mapping, returned to the system when freed, so paging through
  /// thousands of photos does not leave the heap grown by their sum; at most `arenas`
  /// arenas keep freed memory from scattering across the decoding threads.
  package static func tune(arenas: Int32) {
    mallopt(M_MMAP_THRESHOLD, 256 * 1024)
    mallopt(M_ARENA_MAX, arenas)
  }
}
