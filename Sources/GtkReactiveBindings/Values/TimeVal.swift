// A wall-clock time in seconds and microseconds (`GTimeVal`) as a Swift value.
import CGtk
import Foundation

/// A point in wall-clock time, in seconds and microseconds since 1970: what `GTimeVal`
/// carries, which gdk-pixbuf's animations still take (`PixbufAnimation.iter(_:)`,
/// `PixbufAnimationIter.advance(_:)`; nil there means now). Made from a `Date`.
nonisolated public struct TimeVal: Sendable, Hashable {
  /// Whole seconds since 1970-01-01 00:00 UTC.
  public var seconds: Int
  /// Microseconds past `seconds`, from 0 to 999,999.
  public var microseconds: Int

  /// The time `seconds` and `microseconds` after 1970-01-01 00:00 UTC.
  public init(seconds: Int, microseconds: Int = 0) {
    (self.seconds, self.microseconds) = (seconds, microseconds)
  }

  /// The time of `date`, to the microsecond.
  public init(_ date: Date) {
    let micros = Int((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    let (seconds, rest) = micros.quotientAndRemainder(dividingBy: 1_000_000)
    self.init(
      seconds: rest < 0 ? seconds - 1 : seconds, microseconds: (rest + 1_000_000) % 1_000_000)
  }

  /// The time as a `Date`.
  public var date: Date {
    Date(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
  }

  /// A copy of a C time (named `CGtkTimeVal` in the shim: GLib's names are deprecated).
  init(_ time: CGtkTimeVal) { self.init(seconds: time.tv_sec, microseconds: time.tv_usec) }

  /// The C time.
  package var cValue: CGtkTimeVal { CGtkTimeVal(tv_sec: seconds, tv_usec: microseconds) }
}
