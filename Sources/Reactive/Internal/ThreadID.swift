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

/// Lets another thread run; used only while waiting under backpressure. The first
/// waits only yield; later ones sleep 50 µs, so that several waiting threads on few
/// cores cannot starve the one thread that drains the queue they wait for.
@inlinable
func yieldThread(attempt: Int) {
  if attempt < 32 {
    sched_yield()
  } else {
    var pause = timespec(tv_sec: 0, tv_nsec: 50_000)
    nanosleep(&pause, nil)
  }
}
