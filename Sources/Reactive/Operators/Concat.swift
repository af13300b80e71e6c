// `concat`: signals one after another, each subscribed when the previous completes.
extension Signal {
  /// Sends the values of `self`, then, once it has completed, those of `other`.
  ///
  /// Fails on the first failure; `other` is not subscribed before `self` completes.
  ///
  /// Each `concat` is one more operator in the chain that a value travels through, so
  /// building a chain by `a.concat(b).concat(c)…` costs stack depth per link when a
  /// value of the first signal travels out; for many signals use
  /// `Signal.concat(_ signals:)`, whose depth is constant.
  public func concat(_ other: Signal<Value, Failure>) -> Signal<Value, Failure> {
    Signal.concat([self, other])
  }

  /// Sends the values of every signal in `signals`, one signal after another: each is
  /// subscribed when the previous one has completed. Completes after the last one (at
  /// once if there are none); fails on the first failure.
  ///
  /// Synchronous signals do not nest: the next one is subscribed from a loop, not from
  /// the previous one's completion, so 100,000 `just` signals use constant stack.
  public static func concat<S: Sequence>(_ signals: S) -> Signal<Value, Failure>
  where S.Element == Signal<Value, Failure> {
    Signal<Signal<Value, Failure>, Failure>.from(signals).flatten(.concat)
  }
}
