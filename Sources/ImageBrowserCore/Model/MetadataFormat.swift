// Camera facts in the words photographers use: 1/250 s, f/2.8, 35 mm, ISO 400, 48.8584° N.
import Foundation

/// Formats `ImageMetadata` values for people, as camera displays and photo tools write
/// them. Numbers use a decimal point whatever the locale (photographic notation: f/2.8);
/// the date follows the locale.
package nonisolated enum MetadataFormat {
  /// `1/250 s` below a second when the time is (nearly) a whole fraction, `0.3 s`
  /// otherwise, `2 s` or `1.5 s` from a second up.
  package static func exposure(_ time: ExposureTime) -> String {
    let seconds = time.seconds
    guard seconds < 1 else { return Self.seconds(decimal(seconds, places: 1)) }
    let reciprocal = 1 / seconds
    let whole = reciprocal.rounded()
    if whole >= 2, abs(reciprocal - whole) <= 0.02 * reciprocal {
      return Self.seconds("1/\(Int(whole))")
    }
    return Self.seconds(decimal(seconds, places: seconds < 0.1 ? 3 : 1))
  }

  /// `value` seconds: `1/250 s`.
  private static func seconds(_ value: String) -> String {
    // TRANSLATORS: an exposure time in seconds (1/250 s).
    tr("%s s", value)
  }

  /// `f/2.8`, `f/8`, `f/1.4`.
  package static func aperture(_ fNumber: Double) -> String {
    "f/\(decimal(fNumber, places: 1))"
  }

  /// `35 mm`, `4.2 mm`.
  package static func focalLength(_ millimetres: Double) -> String {
    // TRANSLATORS: a focal length in millimetres (35 mm).
    tr("%s mm", decimal(millimetres, places: 1))
  }

  /// `ISO 400`.
  package static func iso(_ speed: Int) -> String {
    // TRANSLATORS: a film speed (ISO 400).
    tr("ISO %d", speed)
  }

  /// The camera's make and model as one name: the model alone when it already names
  /// the maker (`Canon EOS R5`, not `Canon Canon EOS R5`), else `NIKON CORPORATION D750`
  /// style, make first.
  package static func camera(make: String?, model: String?) -> String? {
    switch (make, model) {
    case (nil, nil): return nil
    case (let make?, nil): return make
    case (nil, let model?): return model
    case (let make?, let model?):
      let brand = make.split(separator: " ").first.map(String.init) ?? make
      if model.lowercased().hasPrefix(brand.lowercased()) { return model }
      return "\(make) \(model)"
    }
  }

  /// The date and time the camera's clock showed, in the locale's medium style
  /// (`Jun 1, 2023 at 2:30 PM`), not converted to the viewer's time zone.
  package static func dateTaken(_ date: DateTaken, locale: Locale = .current) -> String? {
    guard let wallClock = date.wallClock else { return nil }
    var style = Date.FormatStyle(date: .abbreviated, time: .shortened)
    style.timeZone = TimeZone(secondsFromGMT: 0)!
    style.locale = locale
    return wallClock.formatted(style)
  }

  /// `48.8584° N, 2.2945° E`: four decimals (about 10 m), hemispheres by letter.
  package static func coordinate(_ point: GeoCoordinate) -> String {
    let latitude = decimal(abs(point.latitude), places: 4, trimmed: false)
    let longitude = decimal(abs(point.longitude), places: 4, trimmed: false)
    // TRANSLATORS: degrees of latitude north or south, longitude east or west.
    let north = point.latitude < 0 ? tr("%s° S", latitude) : tr("%s° N", latitude)
    let east = point.longitude < 0 ? tr("%s° W", longitude) : tr("%s° E", longitude)
    // TRANSLATORS: a location: latitude, then longitude.
    return tr("%1$s, %2$s", north, east)
  }

  /// `value` with at most `places` decimals, trailing zeros dropped unless `trimmed`
  /// is false, always with a decimal point.
  static func decimal(_ value: Double, places: Int, trimmed: Bool = true) -> String {
    var text = String(format: "%.\(places)f", value)
    if trimmed, text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }
}
