import Synchronization

/// Counts live library objects in debug builds, so tests can check that every
/// subscription, sink and scheduled action is released (RxSwift's `Resources.total`).
///
/// Release builds compile the counting away; `count` is then always zero.
@usableFromInline
package enum LiveObjects {
  #if TRACE_RESOURCES
    private static let counter = Atomic<Int>(0)
  #endif

  /// The number of tracked objects alive now.
  package static var count: Int {
    #if TRACE_RESOURCES
      return counter.load(ordering: .acquiring)
    #else
      return 0
    #endif
  }

  /// Whether counting is compiled in (debug builds).
  package static var isTracing: Bool {
    #if TRACE_RESOURCES
      return true
    #else
      return false
    #endif
  }

  /// Records one more live object; call from `init`.
  @usableFromInline
  package static func track() {
    #if TRACE_RESOURCES
      counter.add(1, ordering: .relaxed)
    #endif
  }

  /// Records one fewer live object; call from `deinit`.
  @usableFromInline
  package static func untrack() {
    #if TRACE_RESOURCES
      counter.subtract(1, ordering: .relaxed)
    #endif
  }
}
