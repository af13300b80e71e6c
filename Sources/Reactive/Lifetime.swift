import Synchronization

/// Tells a producer whether its subscription has ended (terminal event or disposal).
///
/// A start closure that produces values in a loop checks `hasEnded` between values, so
/// `Signal.from(0...).take(2)` stops after two values. Reading it costs one atomic load.
public struct Lifetime: Sendable {
  @usableFromInline
  let token: LifetimeToken

  @inlinable
  init(_ token: LifetimeToken) {
    self.token = token
  }

  /// Whether the subscription has ended; once true it stays true.
  @inlinable
  public var hasEnded: Bool { token.stopped.load(ordering: .relaxed) }
}

/// The state a `Lifetime` reads: the stop flag of one subscription.
@usableFromInline
class LifetimeToken: @unchecked Sendable {
  // @unchecked: the only state is atomic.
  @usableFromInline
  let stopped = Atomic<Bool>(false)

  @inlinable
  init() {}
}
