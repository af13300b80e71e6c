// `merge`: the values of several signals as one stream, as they arrive.
extension Signal {
  /// Sends the values of `self` and `others` as they arrive; completes when all have
  /// completed, fails on the first failure.
  ///
  /// ```swift
  /// saveButtonClicks.merge(with: saveShortcuts).subscribe(next: save)
  /// ```
  public func merge(with others: Signal<Value, Failure>...) -> Signal<Value, Failure> {
    Signal.merge([self] + others)
  }

  /// Sends the values of every signal in `signals` as they arrive; completes when all
  /// have completed (at once if there are none), fails on the first failure.
  ///
  /// The signals are subscribed in order, each as soon as it is taken from the
  /// sequence; this is `Signal.from(signals).flatten(.merge)`.
  public static func merge<S: Sequence>(_ signals: S) -> Signal<Value, Failure>
  where S.Element == Signal<Value, Failure> {
    Signal<Signal<Value, Failure>, Failure>.from(signals).flatten(.merge)
  }
}
