// `switchToLatest`: follows the newest inner signal of a signal of signals.
extension Signal {
  /// Sends the values of the newest inner signal only: when the outer signal sends a
  /// new inner signal, the previous one is disposed.
  ///
  /// Completes when the outer signal and the current inner signal have both completed;
  /// fails on the first failure of either. The same as `flatten(.latest)`.
  ///
  /// ```swift
  /// searchText.map { text in search(text) }.switchToLatest()   // only the last query's results
  /// ```
  @inlinable
  public func switchToLatest<Inner>() -> Signal<Inner, Failure>
  where Value == Signal<Inner, Failure> {
    flatten(.latest)
  }
}
