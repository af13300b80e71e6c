/// Disposes what it wraps when it is deinitialized: ties a subscription to an owner's life.
public final class ScopedDisposable: Disposable, @unchecked Sendable {
  // @unchecked: the wrapped disposable is immutable and itself Sendable.
  /// The wrapped disposable.
  public let inner: Disposable

  /// Wraps `inner`, to dispose it on deinit.
  public init(_ inner: Disposable) {
    self.inner = inner
  }

  deinit { inner.dispose() }

  /// Disposes the wrapped disposable now.
  public func dispose() { inner.dispose() }
}

extension Disposable {
  /// This disposable wrapped so that it is disposed when the wrapper is released.
  public func scoped() -> ScopedDisposable { ScopedDisposable(self) }
}
