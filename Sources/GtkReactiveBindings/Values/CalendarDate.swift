// A day of GTK's calendar as a value: 1-based months, bridged to Date and DateComponents.
#if canImport(FoundationEssentials)
  import FoundationEssentials
  private typealias GregorianCalendar = FoundationEssentials.Calendar
#else
  import Foundation
  private typealias GregorianCalendar = Foundation.Calendar
#endif

/// A day of the proleptic Gregorian calendar, as `GtkCalendar` shows and selects it, with
/// the month counted from 1 as people (and `DateComponents`) count it; `GtkCalendar`
/// itself counts months from 0.
///
/// ```swift
/// calendar.date = CalendarDate(year: 2024, month: 12, day: 31)
/// calendar.rx.date.compactMap { $0?.date() }.bind(to: viewModel.dueDate)
/// ```
///
/// Only real days exist: the initializers fail for February 30 or month 13.
nonisolated public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year (1 or later).
  public let year: Int
  /// The month, 1 (January) to 12.
  public let month: Int
  /// The day of the month, from 1.
  public let day: Int

  /// The day `day` of month `month` (1–12) of `year`, or `nil` when there is no such day.
  public init?(year: Int, month: Int, day: Int) {
    guard year >= 1, (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day of `components` (year, month and day, in their calendar if they name one,
  /// otherwise Gregorian), or `nil` when one is missing or they name no real day.
  public init?(_ components: DateComponents) {
    guard let year = components.year, let month = components.month, let day = components.day
    else { return nil }
    if let calendar = components.calendar, calendar.identifier != .gregorian {
      guard let date = calendar.date(from: components) else { return nil }
      self.init(date, timeZone: calendar.timeZone)
    } else {
      self.init(year: year, month: month, day: day)
    }
  }

  /// The Gregorian day in `timeZone` that contains `date`.
  public init(_ date: Date, timeZone: TimeZone = .current) {
    let parts = Self.gregorian(in: timeZone).dateComponents([.year, .month, .day], from: date)
    self.year = parts.year ?? 1
    self.month = parts.month ?? 1
    self.day = parts.day ?? 1
  }

  /// The year, month and day, in the Gregorian calendar.
  public var dateComponents: DateComponents {
    DateComponents(
      calendar: Self.gregorian(in: .current), year: year, month: month, day: day)
  }

  /// The start (midnight) of this day in `timeZone`.
  ///
  /// Foundation's Gregorian calendar counts days before 15 October 1582 as Julian, where
  /// GtkCalendar goes on counting Gregorian ones: earlier days convert to other dates.
  public func date(in timeZone: TimeZone = .current) -> Date {
    let components = DateComponents(year: year, month: month, day: day)
    // Every CalendarDate is a real Gregorian day, which has a start.
    return Self.gregorian(in: timeZone).date(from: components)!
  }

  /// `2024-12-31`.
  public var description: String {
    func padded(_ value: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  /// Whether `lhs` is an earlier day than `rhs`.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// How many days month `month` (1–12) of `year` has in the Gregorian calendar.
  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// GtkCalendar draws the proleptic Gregorian calendar whatever the user's locale says,
  /// so conversions use it, not `Calendar.current`.
  private static func gregorian(in timeZone: TimeZone) -> GregorianCalendar {
    var calendar = GregorianCalendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar
  }
}
