// A connection that keeps a `SignalAction` and the context it hands to every call.
import CGtk
import Reactive

/// A connection whose action is a `SignalAction`, called with `context`.
///
/// The action is kept in immutable `let`s, one per shape: a trampoline calls the
/// closure without copying it, where reading an enum out of a `var` cost an outlined
/// copy, a retain, a destroy and a release per emission. What the connection's end does
/// is a subclass's: `ClosureConnection` runs a closure, `ObserverConnection` and
/// `ObserverActionConnection` complete their observer.
nonisolated class ActionConnection<Context>: HandlerConnection, @unchecked Sendable {
  // @unchecked: as `HandlerConnection`; the `let`s below never change.
  /// What every call of the action receives first.
  final let context: Context
  private let none: ((Context) -> Bool)?
  private let one: ((Context, UnsafeMutableRawPointer?) -> Bool)?
  private let two: ((Context, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool)?
  private let three:
    (
      (Context, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?)
        -> Bool
    )?
  private let values: ((Context, GValueArguments, UnsafeMutablePointer<GValue>?) -> Void)?

  init(action: SignalAction<Context>, context: Context, object: WeakObjectRef?) {
    switch action {
    case .noArguments(let action): (none, one, two, three, values) = (action, nil, nil, nil, nil)
    case .oneArgument(let action): (none, one, two, three, values) = (nil, action, nil, nil, nil)
    case .twoArguments(let action): (none, one, two, three, values) = (nil, nil, action, nil, nil)
    case .threeArguments(let action):
      (none, one, two, three, values) = (nil, nil, nil, action, nil)
    case .values(let action): (none, one, two, three, values) = (nil, nil, nil, nil, action)
    }
    self.context = context
    super.init(object: object)
  }

  override final func emit() -> Bool { none?(context) ?? false }

  override final func emit(_ first: UnsafeMutableRawPointer?) -> Bool {
    one?(context, first) ?? false
  }

  override final func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?
  ) -> Bool {
    two?(context, first, second) ?? false
  }

  override final func emit(
    _ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?,
    _ third: UnsafeMutableRawPointer?
  ) -> Bool {
    three?(context, first, second, third) ?? false
  }

  override final func emit(_ arguments: GValueArguments, result: UnsafeMutablePointer<GValue>?) {
    values?(context, arguments, result)
  }
}
