// A calendar's selected day as a value with months from 1, and its bridge to Foundation.
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class CalendarDateTests: GtkTestCase {
  func testOnlyRealDaysExist() {
    XCTAssertNotNil(CalendarDate(year: 2024, month: 2, day: 29), "a leap day")
    XCTAssertNil(CalendarDate(year: 2023, month: 2, day: 29))
    XCTAssertNil(CalendarDate(year: 1900, month: 2, day: 29), "a century is no leap year")
    XCTAssertNotNil(CalendarDate(year: 2000, month: 2, day: 29), "unless divisible by 400")
    XCTAssertNil(CalendarDate(year: 2024, month: 13, day: 1))
    XCTAssertNil(CalendarDate(year: 2024, month: 0, day: 1))
    XCTAssertNil(CalendarDate(year: 2024, month: 4, day: 31))
    XCTAssertNil(CalendarDate(year: 2024, month: 1, day: 0))
    XCTAssertEqual(CalendarDate(year: 987, month: 6, day: 5)?.description, "0987-06-05")
    XCTAssertLessThan(
      CalendarDate(year: 2024, month: 1, day: 31)!, CalendarDate(year: 2024, month: 2, day: 1)!)
  }

  func testDatesAndDateComponentsConvertBothWays() throws {
    let paris = try XCTUnwrap(TimeZone(identifier: "Europe/Paris"))
    let day = try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 31))
    let start = day.date(in: paris)
    XCTAssertEqual(start.timeIntervalSince1970, 1_711_839_600, "midnight in Paris, UTC+1")
    XCTAssertEqual(CalendarDate(start, timeZone: paris), day)
    XCTAssertEqual(
      CalendarDate(start, timeZone: TimeZone(identifier: "America/New_York")!),
      CalendarDate(year: 2024, month: 3, day: 30), "still the evening before in New York")
    XCTAssertEqual(day.dateComponents.month, 3)
    XCTAssertEqual(CalendarDate(day.dateComponents), day)
    XCTAssertNil(CalendarDate(DateComponents(year: 2024, month: 3)), "no day")
    var buddhist = Calendar(identifier: .buddhist)
    buddhist.timeZone = paris
    let components = DateComponents(calendar: buddhist, year: 2567, month: 3, day: 31)
    XCTAssertEqual(CalendarDate(components), day, "2567 BE is 2024 CE")
  }

  func testTheCalendarsDayCountsMonthsFromOne() {
    gtk {
      let calendar = GtkReactive.Calendar()
      calendar.selectMonth(0, year: 2024)  // GTK: January is 0
      calendar.selectDay(15)
      XCTAssertEqual(calendar.date, CalendarDate(year: 2024, month: 1, day: 15))
      calendar.date = CalendarDate(year: 2023, month: 12, day: 31)
      XCTAssertEqual(calendar.month, 11)
      XCTAssertEqual(calendar.year, 2023)
      XCTAssertEqual(calendar.day, 31)
      calendar.date = CalendarDate(year: 2024, month: 2, day: 29)
      XCTAssertEqual(calendar.month, 1)
      XCTAssertEqual(calendar.date, CalendarDate(year: 2024, month: 2, day: 29))
      calendar.date = nil
      XCTAssertNil(calendar.date, "GTK's day 0: nothing selected")
      XCTAssertEqual(calendar.month, 1, "the month stays")
    }
  }

  func testTheDateSignalFollowsTheUserAndBindsWithoutEcho() {
    gtk {
      let calendar = GtkReactive.Calendar()
      calendar.date = CalendarDate(year: 2024, month: 5, day: 10)
      let dates = Recorder(calendar.rx.date.values)
      XCTAssertEqual(dates.values, [CalendarDate(year: 2024, month: 5, day: 10)])
      calendar.selectDay(11)  // as a click on the 11th does
      calendar.selectMonth(5, year: 2024)  // the next-month arrow
      let selected = MutableProperty<CalendarDate?>(CalendarDate(year: 2025, month: 1, day: 2))
      let binding = selected.signal.bind(to: calendar.rx.date)
      XCTAssertEqual(calendar.date, CalendarDate(year: 2025, month: 1, day: 2))
      XCTAssertEqual(
        dates.values,
        [
          CalendarDate(year: 2024, month: 5, day: 10), CalendarDate(year: 2024, month: 5, day: 11),
          CalendarDate(year: 2024, month: 6, day: 11),
        ], "what the binder set is not sent back")
      binding.dispose()
      dates.subscription?.dispose()
    }
  }
}
