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

  /// Sends `transform(nth value of self, nth value of other)` for every n both have
  /// reached: `zip(with:)` with a result selector. A thrown error fails the signal.
  public func zip<Other, Result>(
    with other: Signal<Other, Failure>,
    _ transform: @escaping (Value, Other) throws(Failure) -> Result
  ) -> Signal<Result, Failure> {
    zip(with: other).map { (pair: (Value, Other)) throws(Failure) -> Result in
      try transform(pair.0, pair.1)
    }
  }

  /// Sends a tuple of the n-th values of all signals for every n they have all reached.
  ///
  /// Completes as soon as a completed signal has nothing queued; fails on the first
  /// failure. With no signals, completes at once (no n is reached by all, vacuously or
  /// not: nothing is sent).
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

  /// Sends `transform` of the n-th values of all signals for every n they have all
  /// reached: the variadic `zip` with a result selector. A thrown error fails the signal.
  public static func zip<each Element>(
    _ signals: repeat Signal<each Element, Failure>,
    transform: @escaping (repeat each Element) -> Value
  ) -> Signal {
    let throwing: (repeat each Element) throws(Failure) -> Value = transform
    return zip(repeat each signals, transform: throwing)
  }

  /// The variadic `zip` with a result selector that may throw: a thrown error fails the
  /// signal.
  @_disfavoredOverload
  public static func zip<each Element>(
    _ signals: repeat Signal<each Element, Failure>,
    transform: @escaping (repeat each Element) throws(Failure) -> Value
  ) -> Signal {
    Signal<(repeat each Element), Failure>.zip(repeat each signals).map {
      (values: (repeat each Element)) throws(Failure) -> Value in
      try transform(repeat each values)
    }
  }

  /// Sends an array of the n-th values of every signal, in the collection's order, for
  /// every n they have all reached: `zip` over a number of signals known only at run
  /// time.
  ///
  /// Completes as soon as a completed signal has nothing queued; fails on the first
  /// failure. An empty collection completes at once.
  ///
  /// - Complexity: O(n) per array sent, O(1) per other value, for n signals; memory
  ///   grows with the values waiting for partners.
  public static func zip<Sources: Collection>(
    _ signals: Sources
  ) -> Signal<[Value], Failure> where Sources.Element == Signal<Value, Failure> {
    CombiningCore.signal(.zip, Array(signals))
  }

  /// Sends `transform` of an array of the n-th values of every signal for every n they
  /// have all reached. A thrown error fails the signal; an empty collection completes
  /// at once.
  public static func zip<Sources: Collection, Result>(
    _ signals: Sources, transform: @escaping ([Value]) -> Result
  ) -> Signal<Result, Failure> where Sources.Element == Signal<Value, Failure> {
    zip(signals).map(transform)
  }

  /// The collection `zip` with a result selector that may throw: a thrown error fails
  /// the signal.
  @_disfavoredOverload
  public static func zip<Sources: Collection, Result>(
    _ signals: Sources, transform: @escaping ([Value]) throws(Failure) -> Result
  ) -> Signal<Result, Failure> where Sources.Element == Signal<Value, Failure> {
    zip(signals).map(transform)
  }
}
