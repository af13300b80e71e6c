/// Something that can be cancelled: a subscription, a scheduled action, a GTK handler.
///
/// The `RACDisposable` of this library. Disposing is idempotent and thread-safe: the
/// first call releases the resources, later calls do nothing.
public protocol Disposable: AnyObject, Sendable {
  /// Releases the resources; harmless to call again.
  func dispose()
}

/// Shared no-op disposables.
public enum Disposables {
  /// A disposable that does nothing; one shared instance, so returning it allocates nothing.
  public static let empty: Disposable = NopDisposable()
}

/// The disposable that does nothing.
private final class NopDisposable: Disposable {
  func dispose() {}
}

extension Disposable {
  /// Adds this disposable to `bag`, so it is disposed when the bag is.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }

  /// Adds this disposable to `composite`, so it is disposed when the composite is.
  public func disposed(by composite: CompositeDisposable) {
    composite.add(self)
  }
}
