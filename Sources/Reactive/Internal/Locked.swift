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
/// Same cost as `Mutex` in ordinary builds: the wrapper is a zero-size-overhead struct
/// and the hot path is `@inlinable`.
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
    @usableFromInline let mutex: Mutex<UncheckedSendable<State>>

    /// Guards `initial`.
    @inlinable @inline(__always)
    package init(_ initial: consuming State) {
      mutex = Mutex(UncheckedSendable(initial))
    }

    /// Runs `body` with exclusive access to the state; no other `withLock` on this lock
    /// runs meanwhile. `body` must not call out to user code.
    @inlinable @inline(__always)
    package borrowing func withLock<Result, E: Error>(
      _ body: (inout State) throws(E) -> Result
    ) throws(E) -> Result {
      try mutex.withLock { (box) throws(E) -> UncheckedSendable<Result> in
        UncheckedSendable(try body(&box.value))
      }.value
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
