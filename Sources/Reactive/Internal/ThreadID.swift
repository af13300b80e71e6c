#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A number that identifies the calling thread while it runs (never 0).
@inlinable
func currentThreadID() -> UInt {
  #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
  #else
    return UInt(pthread_self())
  #endif
}

/// Lets another thread run; used only while waiting under backpressure.
@inlinable
func yieldThread() {
  sched_yield()
}
