// Two-finger pinches, on a touchpad or a touch screen, delivered as GDK delivers real ones.
import CGtk
import GtkReactive
import XCTest

/// How a synthesized pinch finishes.
public enum PinchEnding: Sendable {
  /// The fingers are lifted: the gesture ends.
  case lift
  /// The system takes the pinch away (a third finger, a compositor gesture, a grab):
  /// the gesture is cancelled, then ends.
  case cancel
}

/// Pinches on a touchpad over `widget`, the fingers' centre at (`x`, `y`) in the
/// widget's coordinates, spreading them to each of `scales` in turn (relative to the
/// distance they started at: 2 is twice as far apart), then lifting them or having the
/// pinch cancelled. The main loop runs until idle after every event.
///
/// The events are what GDK makes of a libinput pinch: `GDK_TOUCHPAD_PINCH` with two
/// fingers and the phases begin (scale 1), update (one per scale) and end or cancel
/// (the last scale), sent to the widget's `GdkWindow` from the seat's pointer and
/// dispatched with `gtk_main_do_event`, so a `GestureZoom` (GTK's `GtkGestureZoom`)
/// on the widget or an ancestor emits `begin`, `scale-changed`, then `cancel` and
/// `end`, or `end`. The fingers' centre stays put.
///
/// Fails the test when the widget is not realized (not in a shown window).
@MainActor
public func pinch(
  _ widget: Widget, at x: Double, _ y: Double, scales: [Double], ending: PinchEnding = .lift,
  file: StaticString = #filePath, line: UInt = #line
) {
  guard let target = InputTarget(widget, file: file, line: line) else { return }
  let point = target.windowPoint(x, y)
  let finish = ending == .lift ? GDK_TOUCHPAD_GESTURE_PHASE_END : GDK_TOUCHPAD_GESTURE_PHASE_CANCEL
  let steps =
    [(GDK_TOUCHPAD_GESTURE_PHASE_BEGIN, 1.0)]
    + scales.map { (GDK_TOUCHPAD_GESTURE_PHASE_UPDATE, $0) }
    + [(finish, scales.last ?? 1)]
  for (phase, scale) in steps {
    let event = target.makeEvent(GDK_TOUCHPAD_PINCH)
    event.pointee.touchpad_pinch.phase = Int8(phase.rawValue)
    event.pointee.touchpad_pinch.n_fingers = 2
    event.pointee.touchpad_pinch.time = eventTime()
    event.pointee.touchpad_pinch.x = point.x
    event.pointee.touchpad_pinch.y = point.y
    event.pointee.touchpad_pinch.x_root = point.rootX
    event.pointee.touchpad_pinch.y_root = point.rootY
    event.pointee.touchpad_pinch.scale = scale
    target.deliver(event)
    runUntilIdle()
  }
}

/// Pinches with two fingers on a touch screen over `widget`: they come down `spread`
/// pixels apart, side by side about (`x`, `y`) in the widget's coordinates, move apart
/// to `spread` times each of `scales` about the same centre, then are lifted (or the
/// touches cancelled). The main loop runs until idle after every event.
///
/// The events are what GDK makes of X's touch events: `GDK_TOUCH_BEGIN`, `_UPDATE`,
/// `_END` (or `_CANCEL`) for two sequences, sent to the widget's `GdkWindow` from the
/// seat's pointer and dispatched with `gtk_main_do_event`; the first finger emulates
/// the pointer, as on X, so a widget without touch handling also sees a press, motion
/// and a release. A `GestureZoom` emits `begin` when the second finger comes down,
/// `scale-changed` as they move, and `end` when the first is lifted.
///
/// Fails the test when the widget is not realized (not in a shown window).
@MainActor
public func touchPinch(
  _ widget: Widget, at x: Double, _ y: Double, spread: Double = 100, scales: [Double],
  ending: PinchEnding = .lift, file: StaticString = #filePath, line: UInt = #line
) {
  guard let target = InputTarget(widget, file: file, line: line) else { return }
  // A sequence is an identity GDK never reads through: any distinct address will do.
  let sequences = (0..<2).map { _ in UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1) }
  defer { sequences.forEach { $0.deallocate() } }
  func touch(_ type: GdkEventType, finger: Int, distance: Double) {
    let offset = (finger == 0 ? -distance : distance) / 2
    let point = target.windowPoint(x + offset, y)
    let event = target.makeEvent(type)
    event.pointee.touch.time = eventTime()
    event.pointee.touch.x = point.x
    event.pointee.touch.y = point.y
    event.pointee.touch.x_root = point.rootX
    event.pointee.touch.y_root = point.rootY
    event.pointee.touch.sequence = OpaquePointer(sequences[finger])
    event.pointee.touch.emulating_pointer = finger == 0 ? 1 : 0
    if type != GDK_TOUCH_BEGIN { event.pointee.touch.state = GDK_BUTTON1_MASK.rawValue }
    target.deliver(event)
    runUntilIdle()
  }
  for finger in 0..<2 { touch(GDK_TOUCH_BEGIN, finger: finger, distance: spread) }
  for scale in scales {
    for finger in 0..<2 { touch(GDK_TOUCH_UPDATE, finger: finger, distance: spread * scale) }
  }
  let last = spread * (scales.last ?? 1)
  for finger in 0..<2 {
    touch(ending == .lift ? GDK_TOUCH_END : GDK_TOUCH_CANCEL, finger: finger, distance: last)
  }
}

/// An event time as X stamps them: milliseconds, increasing.
private func eventTime() -> UInt32 {
  UInt32(truncatingIfNeeded: g_get_monotonic_time() / 1000)
}
