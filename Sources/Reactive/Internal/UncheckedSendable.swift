/// Carries a non-Sendable value across a concurrency boundary that the library has
/// made safe by other means (a scheduler hop the user asked for, a lock).
struct UncheckedSendable<Wrapped>: @unchecked Sendable {
  let value: Wrapped
  init(_ value: Wrapped) { self.value = value }
}
