// `zip`: pairs the n-th values of its sources.
extension Signal {
  /// Sends `(nth value of self, nth value of other)` for every n both have reached.
  ///
  /// Values wait in a queue per source until the other source has a partner for them.
  /// Completes as soon as a completed source has nothing queued (RAC's rule: no partner
  /// can come any more), even while the other still has values waiting. Fails on the
  /// first failure.
  ///
  /// ```swift
  /// requests.zip(with: responses)   // (request 1, response 1), (request 2, response 2), …
  /// ```
  ///
  /// - Complexity: O(1) per value; memory grows with the values waiting for a partner.
  public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
    Signal<(Value, Other), Failure>.zip(self, other)
  }

  /// Sends a tuple of the n-th values of all signals for every n they have all reached.
  ///
  /// Completes as soon as a completed signal has nothing queued; fails on the first
  /// failure. With no signals, completes at once.
  ///
  /// ```swift
  /// Signal.zip(names, ages, photos)   // (name 1, age 1, photo 1), …
  /// ```
  public static func zip<each Element>(
    _ signals: repeat Signal<each Element, Failure>
  ) -> Signal<(repeat each Element), Failure> where Value == (repeat each Element) {
    var erased: [Signal<Any, Failure>] = []
    for signal in repeat each signals {
      erased.append(signal.map { $0 as Any })
    }
    return CombiningCore.signal(.zip, erased).map {
      (values: [Any]) throws(Failure) -> (repeat each Element) in
      unpack(values, as: (repeat each Element).self)
    }
  }
}
