/// Carries a non-Sendable value across a concurrency boundary that the library has
/// made safe by other means (a scheduler hop the user asked for, a lock).
@usableFromInline
struct UncheckedSendable<Wrapped>: @unchecked Sendable {
  @usableFromInline var value: Wrapped
  @inlinable init(_ value: Wrapped) { self.value = value }
}
