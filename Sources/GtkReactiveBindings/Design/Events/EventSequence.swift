// A touch sequence's identity, as gestures' begin, end, update and cancel signals pass it.
import CGtk

/// One touch (from finger down to finger up), known by identity only: what a gesture's
/// `begin`, `update`, `end` and `cancel` signals carry, and what its methods take
/// (`gesture.point(sequence)`, `sequenceState(_:)`). Pointer (mouse) input has no
/// sequence: those signals then carry `nil`.
///
/// ```swift
/// let zoom = GestureZoom(widget: canvas)
/// zoom.rx.begin.subscribe(next: { _ in startPinch() })
/// zoom.rx.end.subscribe(next: { _ in endPinch() })
/// ```
public struct EventSequence: Sendable, Hashable {
  /// GDK's `GdkEventSequence *`, whose address is the identity (never dereferenced).
  private let address: UInt

  /// The sequence GTK passes to a signal.
  init(borrowing sequence: UnsafeMutableRawPointer) {
    address = UInt(bitPattern: sequence)
  }

  /// The sequence a method returns.
  init(borrowing sequence: OpaquePointer) {
    address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(sequence)))
  }

  /// The sequence a method returns as its own (GDK's boxed copy of a sequence is the
  /// sequence itself: nothing to free).
  init(taking sequence: OpaquePointer) {
    self.init(borrowing: sequence)
  }

  /// The pointer to pass to C for one call (GDK owns the sequence: nothing is copied).
  func makeCPointer() -> OpaquePointer? {
    OpaquePointer(bitPattern: address)
  }

  /// Nothing to free: `makeCPointer()` makes no copy.
  static func freeCPointer(_ sequence: OpaquePointer?) {}
}
