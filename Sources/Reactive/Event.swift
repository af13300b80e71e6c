/// One thing a signal tells its observer: a value, a failure, or completion.
///
/// A subscription sees `next* (failed | completed)?`: any number of values, then at most
/// one terminal event. The library enforces that grammar; see <doc:Contracts>.
public enum Event<Value, Failure: Error> {
  /// A value.
  case next(Value)
  /// The signal failed; nothing follows.
  case failed(Failure)
  /// The signal finished; nothing follows.
  case completed

  /// Whether this event ends the subscription (`failed` or `completed`).
  @inlinable
  public var isTerminal: Bool {
    if case .next = self { return false }
    return true
  }

  /// The value of a `next` event, otherwise `nil`.
  @inlinable
  public var value: Value? {
    if case .next(let value) = self { return value }
    return nil
  }

  /// The failure of a `failed` event, otherwise `nil`.
  @inlinable
  public var error: Failure? {
    if case .failed(let error) = self { return error }
    return nil
  }

  /// The same event with its value transformed; terminal events pass through.
  @inlinable
  public func map<NewValue>(_ transform: (Value) -> NewValue) -> Event<NewValue, Failure> {
    switch self {
    case .next(let value): return .next(transform(value))
    case .failed(let error): return .failed(error)
    case .completed: return .completed
    }
  }

  /// The same event with its failure transformed; values and completion pass through.
  @inlinable
  public func mapError<NewFailure>(
    _ transform: (Failure) -> NewFailure
  ) -> Event<Value, NewFailure> {
    switch self {
    case .next(let value): return .next(value)
    case .failed(let error): return .failed(transform(error))
    case .completed: return .completed
    }
  }
}

extension Event: Equatable where Value: Equatable, Failure: Equatable {}
extension Event: Hashable where Value: Hashable, Failure: Hashable {}
extension Event: Sendable where Value: Sendable {}

extension Event: CustomStringConvertible {
  /// `next(v)`, `failed(e)` or `completed`.
  public var description: String {
    switch self {
    case .next(let value): return "next(\(value))"
    case .failed(let error): return "failed(\(error))"
    case .completed: return "completed"
    }
  }
}
