// When a photo was taken, as its camera wrote it: a wall-clock time, perhaps with its UTC offset.
import Foundation

/// The moment a photo was taken, as the camera's clock showed it. EXIF stores a local
/// date and time without a zone (`2023:06:01 14:30:00`), newer cameras add the offset in
/// a separate tag (`+02:00`); XMP writes ISO 8601 (`2023-06-01T14:30:00+02:00`).
///
/// People read it as written (the photo was taken at 14:30 where it was taken), so it is
/// shown in the camera's time, not converted; sorting needs an instant, which the offset
/// gives, or else the viewer's own time zone.
package nonisolated struct DateTaken: Hashable, Sendable {
  /// The year, month (1–12), day, hour, minute and second the camera's clock showed.
  package let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  /// The camera's offset from UTC in seconds, when the file says.
  package let utcOffset: Int?

  /// A date and time; `nil` when a field is out of range (a camera writes zeros or
  /// blanks for an unset clock).
  package init?(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
    utcOffset: Int? = nil
  ) {
    guard (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
      utcOffset.map({ abs($0) <= 18 * 3600 }) ?? true
    else { return nil }
    (self.year, self.month, self.day) = (year, month, day)
    (self.hour, self.minute, self.second) = (hour, minute, second)
    self.utcOffset = utcOffset
  }

  /// Parses EXIF's `YYYY:MM:DD HH:MM:SS` (dashes are accepted in the date, as some
  /// software writes them) with an optional `±HH:MM` offset from the `OffsetTime…` tags.
  package init?(exif text: String, offset: String? = nil) {
    let fields = Self.numbers(in: text)
    guard fields.count >= 3 else { return nil }
    let time = fields.count >= 6 ? Array(fields[3..<6]) : [0, 0, 0]
    self.init(
      year: fields[0], month: fields[1], day: fields[2], hour: time[0], minute: time[1],
      second: time[2], utcOffset: offset.flatMap(Self.offset))
  }

  /// Parses XMP's ISO 8601 date (`2023-06-01T14:30:00.5+02:00`, `…Z`, or shorter:
  /// `2023-06-01T14:30`, `2023-06-01`).
  package init?(xmp text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let t = trimmed.firstIndex(of: "T") else {
      self.init(exif: trimmed)
      return
    }
    let date = trimmed[..<t]
    var time = trimmed[trimmed.index(after: t)...]
    var offset: String?
    if time.hasSuffix("Z") {
      offset = "+00:00"
      time = time.dropLast()
    } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
      offset = String(time[sign...])
      time = time[..<sign]
    }
    if let dot = time.firstIndex(of: ".") { time = time[..<dot] }
    var clock = Self.numbers(in: String(time))
    guard (2...3).contains(clock.count) else { return nil }
    if clock.count == 2 { clock.append(0) }
    let day = Self.numbers(in: String(date))
    guard day.count == 3 else { return nil }
    self.init(
      year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1],
      second: clock[2], utcOffset: offset.flatMap(Self.offset))
  }

  /// The instant: at the recorded offset, or in `timeZone` (the viewer's) without one.
  package func date(in timeZone: TimeZone = .current) -> Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
    return calendar.date(from: components)
  }

  /// The wall-clock time as a `Date` read in UTC: formatting it in UTC shows exactly what
  /// the camera's clock showed.
  var wallClock: Date? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar.date(from: components)
  }

  private var components: DateComponents {
    DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  }

  /// The runs of ASCII digits in `text`, as numbers (at most 9 digits each).
  private static func numbers(in text: String) -> [Int] {
    text.split(whereSeparator: { !("0"..."9").contains($0) || !$0.isASCII })
      .compactMap { $0.count <= 9 ? Int($0) : nil }
  }

  /// Seconds east of UTC for `±HH:MM` or `±HHMM`; `nil` otherwise.
  private static func offset(_ text: String) -> Int? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
    let digits = trimmed.dropFirst().filter { $0 != ":" }
    guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), minutes < 60
    else { return nil }
    let seconds = hours * 3600 + minutes * 60
    return sign == "-" ? -seconds : seconds
  }
}
