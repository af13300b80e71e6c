// GLib's GDateTime as a Swift value: a point in time with the UTC offset it was read in.
import CGtk

/// A point in time with the UTC offset of the time zone it was given in, for GLib's
/// `GDateTime`: a file's modification, access and creation times
/// (`FileInfo.modificationDateTime`), a certificate's validity. A value copies what it
/// reads; a member that takes one makes a `GDateTime` for the call.
///
/// ```swift
/// let modified = info.modificationDateTime          // DateTime?
/// let seconds = modified?.secondsSince1970          // Foundation: Date(timeIntervalSince1970:)
/// ```
nonisolated public struct DateTime: Sendable, Hashable, Comparable {
  /// Microseconds since 1970-01-01 00:00:00 UTC.
  public var microsecondsSince1970: Int
  /// The offset from UTC, in seconds, of the time zone it is read in (east positive).
  public var utcOffsetSeconds: Int

  /// The time `microsecondsSince1970` after the epoch, in UTC or at an offset.
  public init(microsecondsSince1970: Int, utcOffsetSeconds: Int = 0) {
    self.microsecondsSince1970 = microsecondsSince1970
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// Seconds since 1970-01-01 00:00:00 UTC, with the microseconds as a fraction.
  public var secondsSince1970: Double { Double(microsecondsSince1970) / 1_000_000 }

  /// Earlier first; the offset does not change the order.
  public static func < (left: DateTime, right: DateTime) -> Bool {
    left.microsecondsSince1970 < right.microsecondsSince1970
  }
}

nonisolated extension DateTime {
  /// The value of a `GDateTime` GTK lends.
  package init(borrowing dateTime: OpaquePointer) {
    self.init(
      microsecondsSince1970: Int(g_date_time_to_unix(dateTime)) * 1_000_000
        + Int(g_date_time_get_microsecond(dateTime)),
      utcOffsetSeconds: Int(g_date_time_get_utc_offset(dateTime) / 1_000_000))
  }

  /// The value of a `GDateTime` GTK gives (its reference is dropped).
  package init(taking dateTime: OpaquePointer) {
    self.init(borrowing: dateTime)
    g_date_time_unref(dateTime)
  }

  /// A `GDateTime` for one call, at this value's UTC offset; free it with
  /// `freeCPointer(_:)`.
  package func makeCPointer() -> OpaquePointer {
    let seconds = microsecondsSince1970.quotientAndRemainder(dividingBy: 1_000_000)
    let (whole, micros) =
      seconds.remainder < 0 ? (seconds.quotient - 1, seconds.remainder + 1_000_000) : seconds
    let utc = g_date_time_new_from_unix_utc(gint64(whole))!
    let precise = g_date_time_add(utc, GTimeSpan(micros))!
    g_date_time_unref(utc)
    let zone = g_time_zone_new_offset(Int32(clamping: utcOffsetSeconds))!
    defer { g_time_zone_unref(zone) }
    let zoned = g_date_time_to_timezone(precise, zone)!
    g_date_time_unref(precise)
    return zoned
  }

  /// Frees a `GDateTime` `makeCPointer()` made.
  package static func freeCPointer(_ dateTime: OpaquePointer?) {
    if let dateTime { g_date_time_unref(dateTime) }
  }
}

nonisolated extension DateTime: GValueConvertible {
  /// `G_TYPE_DATE_TIME`.
  public static var valueType: GType { g_date_time_get_type() }
  /// Reads a boxed `GDateTime`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> DateTime? {
    g_value_get_boxed(value).map { DateTime(borrowing: OpaquePointer($0)) }
  }
  /// Writes a new `GDateTime` of the value.
  public func write(to value: UnsafeMutablePointer<GValue>) {
    g_value_take_boxed(value, UnsafeRawPointer(makeCPointer()))
  }
}
