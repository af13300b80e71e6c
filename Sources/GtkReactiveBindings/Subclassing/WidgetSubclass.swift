// Widgets declared in Swift: the GTK 3 virtual methods a widget class overrides.
import CGtk

/// A widget class declared in Swift (an `ObjectSubclass` of `Widget` or one of its
/// subclasses) that overrides GTK's widget methods: drawing, size negotiation,
/// allocation, realization and input events.
///
/// Implement the methods the widget changes; the others keep the parent class's
/// behaviour (each default calls the parent class's C implementation).
///
/// ```swift
/// final class Dial: DrawingArea, WidgetSubclass {
///   override class var gType: GType { registeredType }
///   func constructed() { addEvents([.buttonPressMask]) }
///   func measure(_ orientation: Orientation, for size: Int) -> SizeRequest {
///     SizeRequest(minimum: 48, natural: 96)
///   }
///   func draw(in context: CairoContext) -> Bool { … ; return false }
///   func buttonPressed(_ event: ButtonEvent) -> Bool { … ; return true }
/// }
/// ```
///
/// A widget receives pointer and key events only for the event types it selects
/// (`addEvents`), as in C.
public protocol WidgetSubclass: Widget, ObjectSubclass {
  /// Paints the widget (the `draw` virtual method); `true` stops other handlers of
  /// `draw`. The default draws as the parent class does (a container, its children).
  func draw(in context: CairoContext) -> Bool

  /// Whether the height depends on the width or the width on the height (the
  /// `get_request_mode` virtual method). The default is the parent class's.
  var sizeRequestMode: SizeRequestMode { get }

  /// The minimum and natural size in `orientation`, given the size in the other
  /// orientation (`-1` when unknown): GTK 3's four `get_preferred_…` virtual methods in
  /// one. The default is the parent class's.
  func measure(_ orientation: Orientation, for size: Int) -> SizeRequest

  /// Takes the area GTK gives the widget (the `size_allocate` virtual method), in its
  /// parent's coordinates. The default records it as the parent class does (placing a
  /// container's children); an override that places children itself calls
  /// `parentAllocate(_:)` or at least `setAllocation`.
  func allocate(_ allocation: Rectangle)

  /// Called after the widget is realized (its GDK window exists).
  func didRealize()

  /// Called before the widget is unrealized.
  func willUnrealize()

  /// A mouse button went down; `true` when handled, otherwise the parent class handles it.
  func buttonPressed(_ event: ButtonEvent) -> Bool

  /// A mouse button went up; `true` when handled, otherwise the parent class handles it.
  func buttonReleased(_ event: ButtonEvent) -> Bool

  /// A key went down; `true` when handled, otherwise the parent class handles it.
  func keyPressed(_ event: KeyEvent) -> Bool

  /// A key went up; `true` when handled, otherwise the parent class handles it.
  func keyReleased(_ event: KeyEvent) -> Bool

  /// The wheel or touchpad scrolled; `true` when handled, otherwise the parent class
  /// handles it.
  func scrolled(_ event: ScrollEvent) -> Bool

  /// The pointer moved; `true` when handled, otherwise the parent class handles it.
  func pointerMoved(_ event: MotionEvent) -> Bool
}

/// A minimum and a natural size, in application pixels.
nonisolated public struct SizeRequest: Sendable, Hashable {
  /// The least the widget can do with.
  public var minimum: Int
  /// The size the widget would like.
  public var natural: Int

  /// A request of `minimum` and `natural` (at least `minimum`).
  public init(minimum: Int, natural: Int) {
    self.minimum = minimum
    self.natural = max(natural, minimum)
  }
}

extension WidgetSubclass {
  /// Draws as the parent class does.
  public func draw(in context: CairoContext) -> Bool { parentDraw(in: context) }
  /// The parent class's mode.
  public var sizeRequestMode: SizeRequestMode { parentSizeRequestMode }
  /// The parent class's request.
  public func measure(_ orientation: Orientation, for size: Int) -> SizeRequest {
    parentMeasure(orientation, for: size)
  }
  /// Takes the allocation as the parent class does.
  public func allocate(_ allocation: Rectangle) { parentAllocate(allocation) }
  /// Nothing to add.
  public func didRealize() {}
  /// Nothing to undo.
  public func willUnrealize() {}
  /// Not handled: the parent class handles it.
  public func buttonPressed(_ event: ButtonEvent) -> Bool { false }
  /// Not handled: the parent class handles it.
  public func buttonReleased(_ event: ButtonEvent) -> Bool { false }
  /// Not handled: the parent class handles it.
  public func keyPressed(_ event: KeyEvent) -> Bool { false }
  /// Not handled: the parent class handles it.
  public func keyReleased(_ event: KeyEvent) -> Bool { false }
  /// Not handled: the parent class handles it.
  public func scrolled(_ event: ScrollEvent) -> Bool { false }
  /// Not handled: the parent class handles it.
  public func pointerMoved(_ event: MotionEvent) -> Bool { false }

  /// Draws as the parent class does.
  public func parentDraw(in context: CairoContext) -> Bool {
    WidgetTrampolines.parentDraw(UnsafeMutableRawPointer(pointer), context.raw)
  }

  /// The parent class's request mode.
  public var parentSizeRequestMode: SizeRequestMode {
    WidgetTrampolines.parentRequestMode(UnsafeMutableRawPointer(pointer))
  }

  /// The parent class's size request.
  public func parentMeasure(_ orientation: Orientation, for size: Int) -> SizeRequest {
    WidgetTrampolines.parentMeasure(UnsafeMutableRawPointer(pointer), orientation, size)
  }

  /// Takes `allocation` as the parent class does.
  public func parentAllocate(_ allocation: Rectangle) {
    WidgetTrampolines.parentAllocate(UnsafeMutableRawPointer(pointer), allocation)
  }
}

/// The widget methods of a Swift class, bound to its concrete type when it is
/// registered, so that GTK's calls reach them without a dynamic cast.
nonisolated struct WidgetMethods: @unchecked Sendable {
  // @unchecked: the closures run on the main thread, where GTK calls widget methods.
  let draw: (Object, CairoContext) -> Bool
  let requestMode: (Object) -> SizeRequestMode
  let measure: (Object, Orientation, Int) -> SizeRequest
  let allocate: (Object, Rectangle) -> Void
  let didRealize: (Object) -> Void
  let willUnrealize: (Object) -> Void
  let buttonPressed: (Object, ButtonEvent) -> Bool
  let buttonReleased: (Object, ButtonEvent) -> Bool
  let keyPressed: (Object, KeyEvent) -> Bool
  let keyReleased: (Object, KeyEvent) -> Bool
  let scrolled: (Object, ScrollEvent) -> Bool
  let pointerMoved: (Object, MotionEvent) -> Bool

  init<T: WidgetSubclass>(_ type: T.Type) {
    func on<A, R: Sendable>(_ body: @escaping @MainActor (T, A) -> R) -> (Object, A) -> R {
      { object, argument in
        nonisolated(unsafe) let argument = argument
        return MainActor.assumeIsolated { body(unsafeDowncast(object, to: T.self), argument) }
      }
    }
    draw = on { $0.draw(in: $1) }
    requestMode = { object in
      MainActor.assumeIsolated { unsafeDowncast(object, to: T.self).sizeRequestMode }
    }
    let measure: (Object, (Orientation, Int)) -> SizeRequest = on { $0.measure($1.0, for: $1.1) }
    self.measure = { measure($0, ($1, $2)) }
    allocate = on { $0.allocate($1) }
    let realized: (Object, Void) -> Void = on { widget, _ in widget.didRealize() }
    didRealize = { realized($0, ()) }
    let unrealizing: (Object, Void) -> Void = on { widget, _ in widget.willUnrealize() }
    willUnrealize = { unrealizing($0, ()) }
    buttonPressed = on { $0.buttonPressed($1) }
    buttonReleased = on { $0.buttonReleased($1) }
    keyPressed = on { $0.keyPressed($1) }
    keyReleased = on { $0.keyReleased($1) }
    scrolled = on { $0.scrolled($1) }
    pointerMoved = on { $0.pointerMoved($1) }
  }
}
