/// Carries a non-Sendable value across a concurrency boundary that the library has
/// made safe by other means (a scheduler hop the user asked for, a lock).
/// Package-wide: GtkReactive carries values to the main thread with it.
@usableFromInline
package struct UncheckedSendable<Wrapped>: @unchecked Sendable {
  @usableFromInline package var value: Wrapped
  @inlinable package init(_ value: Wrapped) { self.value = value }
}
