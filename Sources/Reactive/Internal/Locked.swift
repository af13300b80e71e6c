// The one lock of the library: `Mutex` normally, a pthread mutex in sanitizer builds.
#if TSAN_LOCKS
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #else
    import Darwin
  #endif
#else
  import Synchronization
#endif

/// State guarded by a lock: every access goes through `withLock`.
///
/// Why not `Mutex` directly:
///
/// - ThreadSanitizer does not see `Mutex`: on Linux it locks through a raw futex
///   system call that TSan does not intercept, so every access inside `withLock` shows
///   up as a data race. A build with `-Xswiftc -DTSAN_LOCKS` (`make sanitize`) compiles
///   this type over a `pthread_mutex_t`, which TSan understands; ordinary builds keep
///   `Mutex` (no allocation, the lock inline in its owner).
/// - `Mutex.withLock` takes and returns `sending` values, which forces a non-Sendable
///   state or result through a wrapper at every call site. The library only ever moves
///   values between threads under the lock, so this type says so once: `withLock` takes a
///   plain closure and returns a plain result.
///
/// Same cost as `Mutex` in ordinary builds: the wrapper adds no storage, stores the state
/// unwrapped (a wrapper struct around it costs a generic value-witness call to destroy
/// in unspecialized code), and `withLock` is always inlined (merely `@inlinable`, it cost
/// up to 83 instructions per event in `Benchmarks/` workloads 1, 3, 4 and 5).
@usableFromInline
package struct Locked<State>: ~Copyable, @unchecked Sendable {
  // @unchecked: the state is only reached under the lock.
  #if TSAN_LOCKS
    @usableFromInline let storage: LockedStorage<State>

    /// Guards `initial`.
    @inlinable @inline(__always)
    package init(_ initial: consuming State) {
      storage = LockedStorage(initial)
    }

    /// Runs `body` with exclusive access to the state; no other `withLock` on this lock
    /// runs meanwhile. `body` must not call out to user code.
    @inlinable @inline(__always)
    package borrowing func withLock<Result, E: Error>(
      _ body: (inout State) throws(E) -> Result
    ) throws(E) -> Result {
      pthread_mutex_lock(storage.mutex)
      defer { pthread_mutex_unlock(storage.mutex) }
      return try body(&storage.state.pointee)
    }
  #else
    @usableFromInline let mutex: Mutex<State>

    /// Guards `initial`.
    @inlinable @inline(__always)
    package init(_ initial: consuming State) {
      // `nonisolated(unsafe)`: the state only crosses threads under the lock, which is
      // what `Mutex`'s `sending` parameter and result would have every caller prove.
      nonisolated(unsafe) let value = initial
      mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the state; no other `withLock` on this lock
    /// runs meanwhile. `body` must not call out to user code.
    @inlinable @inline(__always)
    package borrowing func withLock<Result, E: Error>(
      _ body: (inout State) throws(E) -> Result
    ) throws(E) -> Result {
      try mutex.withLock { (state: inout sending State) throws(E) -> sending Result in
        nonisolated(unsafe) let result = try body(&state)
        return result
      }
    }
  #endif
}

#if TSAN_LOCKS
  /// The heap half of a sanitizer-build `Locked`: a pthread mutex and the state, at
  /// stable addresses.
  @usableFromInline
  package final class LockedStorage<State> {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let state: UnsafeMutablePointer<State>

    @inlinable
    init(_ initial: consuming State) {
      mutex = .allocate(capacity: 1)
      pthread_mutex_init(mutex, nil)
      state = .allocate(capacity: 1)
      state.initialize(to: initial)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
      state.deinitialize(count: 1)
      state.deallocate()
    }
  }
#endif
