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
  @inlinable
  public static var empty: Disposable { NopDisposable.shared }
}

/// The disposable that does nothing.
@usableFromInline
final class NopDisposable: Disposable {
  /// The one instance. A global of this class type, not of `Disposable`: the compiler
  /// lays it out as a static object, whose reference count is immortal, so returning
  /// it from every synchronous producer retains and releases nothing (with an
  /// existential type it was an ordinary allocation, two atomic operations per
  /// subscription in workload 2 of `Benchmarks/`, on one cache line shared by every
  /// thread).
  @usableFromInline static let shared = NopDisposable()

  @usableFromInline
  init() {}

  @usableFromInline
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
