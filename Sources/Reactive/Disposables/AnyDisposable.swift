import Synchronization

/// Runs a closure once, on the first `dispose()`.
///
/// The closure is released as soon as it has run, so whatever it captured is freed.
public final class AnyDisposable: Disposable, @unchecked Sendable {
  // @unchecked: `action` is written in init and then read and cleared only by the one
  // caller that wins the `disposed` exchange.
  private let disposed = Atomic<Bool>(false)
  private var action: (() -> Void)?

  private let liveObject = LiveObjects.track()

  /// A disposable that runs `action` on the first `dispose()`.
  public init(_ action: @escaping () -> Void) {
    self.action = action
  }

  /// A disposable with nothing to release; it only records that it was disposed.
  public init() {
    self.action = nil
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// Runs the closure if this is the first call.
  public func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let action = self.action
    self.action = nil
    action?()
  }
}
