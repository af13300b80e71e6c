// The day a calendar shows selected, as a `CalendarDate` (months from 1), both ways.
import CGtk
import Reactive

extension Calendar {
  /// The selected day, or `nil` when none is (GTK's day 0); setting it shows that day's
  /// month and selects the day, `nil` clears the selection.
  ///
  /// GtkCalendar's own `month` property counts from 0 (January is 0); this counts from 1.
  public var date: CalendarDate? {
    get { CalendarDates.read(pointer) }
    set { CalendarDates.write(newValue, to: pointer) }
  }
}

extension Reactive where Base: Calendar {
  /// The selected day: the current one, then every change the user or code makes (a day
  /// clicked, a month or year turned); binding a day to it selects that day.
  ///
  /// Turning the month keeps GTK's day number, so while it moves from January 31 to
  /// February the selection reads `nil` (there is no February 31) until GTK settles on
  /// a day. Values set through the binder are not sent back.
  public var date: ControlProperty<CalendarDate?> {
    let marker = CalendarDates.settingMarker
    let changes = { (key: SignalKey) -> Signal<CalendarDate?, Never> in
      controlEvent(key) { instance, observer in
        .noArguments { _ in
          let object = instance.assumingMemoryBound(to: GObject.self)
          if g_object_get_qdata(object, marker) == nil {
            observer.send(CalendarDates.read(object))
          }
          return false
        }
      }
    }
    let first = controlEvent(
      CalendarKeys.shared.daySelectedSignal,
      sendingFirst: {
        CalendarDates.read($0.assumingMemoryBound(to: GObject.self))
      }
    ) { (_, _: Observer<CalendarDate?, Never>) in .noArguments { _ in false } }
    let values = Signal.merge([
      first, changes(CalendarKeys.shared.daySelectedSignal),
      changes(CalendarKeys.shared.monthChangedSignal),
    ])
    .distinctUntilChanged()
    let sink = Binder<CalendarDate?>(
      base,
      raw: { instance, value in
        let object = instance.assumingMemoryBound(to: GObject.self)
        g_object_set_qdata(object, marker, UnsafeMutableRawPointer(bitPattern: 1))
        CalendarDates.write(value, to: object)
        g_object_set_qdata(object, marker, nil)
      })
    return ControlProperty(values: values, sink: sink)
  }
}

/// Reading and selecting a calendar's day.
enum CalendarDates {
  /// Marks a calendar while its day is set through `rx.date`'s binder.
  static let settingMarker = g_quark_from_string("gtkreactive-setting::calendar-date")

  /// The selected day of `calendar`, `nil` for none or for a day its month lacks.
  static func read(_ calendar: UnsafeMutablePointer<GObject>) -> CalendarDate? {
    var year: guint = 0
    var month: guint = 0
    var day: guint = 0
    gtk_calendar_get_date(
      UnsafeMutableRawPointer(calendar).assumingMemoryBound(to: GtkCalendar.self), &year, &month,
      &day)
    return CalendarDate(year: Int(year), month: Int(month) + 1, day: Int(day))
  }

  /// Shows the month of `date` and selects its day; `nil` clears the selection.
  static func write(_ date: CalendarDate?, to calendar: UnsafeMutablePointer<GObject>) {
    let calendar = UnsafeMutableRawPointer(calendar).assumingMemoryBound(to: GtkCalendar.self)
    guard let date else { return gtk_calendar_select_day(calendar, 0) }
    // The month first: the day must exist in the month shown when it is selected.
    gtk_calendar_select_month(calendar, guint(date.month - 1), guint(date.year))
    gtk_calendar_select_day(calendar, guint(date.day))
  }
}
