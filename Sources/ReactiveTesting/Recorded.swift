import Reactive

/// An event stamped with the virtual time it happened at: `.next(210, 2)`.
public struct Recorded<Value, Failure: Error> {
  /// The virtual time, in ticks.
  public let time: Int
  /// The event.
  public let event: Event<Value, Failure>

  /// An event at `time`.
  public init(time: Int, event: Event<Value, Failure>) {
    self.time = time
    self.event = event
  }

  /// A value at `time`.
  public static func next(_ time: Int, _ value: Value) -> Recorded {
    Recorded(time: time, event: .next(value))
  }

  /// A failure at `time`.
  public static func failed(_ time: Int, _ error: Failure) -> Recorded {
    Recorded(time: time, event: .failed(error))
  }

  /// Completion at `time`.
  public static func completed(_ time: Int) -> Recorded {
    Recorded(time: time, event: .completed)
  }
}

extension Recorded: Equatable where Value: Equatable, Failure: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomStringConvertible {
  /// `event @ time`.
  public var description: String { "\(event) @ \(time)" }
}

/// When a test signal was subscribed and when that subscription ended, in ticks.
///
/// `unsubscribe` is `Subscription.infinity` while the subscription is still live.
public struct Subscription: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The end time of a subscription that never ended.
  public static let infinity = Int.max

  /// When the subscription started.
  public let subscribe: Int
  /// When it ended (terminal event or disposal), or `infinity`.
  public let unsubscribe: Int

  /// A subscription from `subscribe` to `unsubscribe`.
  public init(_ subscribe: Int, _ unsubscribe: Int = Subscription.infinity) {
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }

  /// `(subscribe, unsubscribe)`.
  public var description: String {
    "(\(subscribe), \(unsubscribe == Self.infinity ? "∞" : String(unsubscribe)))"
  }
}

/// An error for tests: equatable, with a name to tell errors apart.
public struct TestError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The error's name.
  public let name: String

  /// An error called `name`.
  public init(_ name: String = "error") { self.name = name }

  /// The name.
  public var description: String { name }
}
