/// The mutable state of one subscription of an operator (`scan`'s accumulator,
/// `distinctUntilChanged`'s previous value), shared by its observer's calls.
///
/// A `var` captured by an escaping closure lives in a box whose every access pays a
/// dynamic exclusivity check; this box opts out. That is sound because one subscription's
/// observer is called serially (Reactive.docc/Contracts.md, "Delivery is serial"), and
/// the operators that use it never hold an access across a call out to downstream.
@usableFromInline
final class OperatorState<Value> {
  @exclusivity(unchecked) @usableFromInline var value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}
