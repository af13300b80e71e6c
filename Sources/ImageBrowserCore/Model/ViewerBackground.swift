// What the viewer paints behind the image: a colour, or a checkerboard that shows transparency.
import Foundation

/// A colour of 8 bits per channel, written `#rrggbb`.
package nonisolated struct RGBColor: Hashable, Sendable, CustomStringConvertible {
  /// The channels, 0–255.
  package var red: UInt8, green: UInt8, blue: UInt8

  /// The colour of the given channels.
  package init(red: UInt8, green: UInt8, blue: UInt8) {
    (self.red, self.green, self.blue) = (red, green, blue)
  }

  /// Parses `#rrggbb` (case ignored); `nil` for anything else.
  package init?(hex text: String) {
    let digits = text.utf8
    guard digits.count == 7, digits.first == UInt8(ascii: "#"),
      let value = UInt32(text.dropFirst(), radix: 16)
    else { return nil }
    red = UInt8(value >> 16 & 0xFF)
    green = UInt8(value >> 8 & 0xFF)
    blue = UInt8(value & 0xFF)
  }

  /// `#rrggbb`, lowercase.
  package var hex: String {
    "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
  }

  package var description: String { hex }

  /// The channels as fractions 0…1 (what cairo and GDK take).
  package var fractions: (red: Double, green: Double, blue: Double) {
    (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
  }
}

/// What the viewer paints behind the image (and around it when it does not fill the
/// window). A person chooses it in Preferences; it is remembered in the settings.
package nonisolated enum ViewerBackground: Hashable, Sendable {
  /// A plain colour.
  case color(RGBColor)
  /// A grey checkerboard, so transparent parts of an image show as such.
  case checkerboard

  /// The viewer's dark grey.
  package static let standardColor = RGBColor(red: 0x21, green: 0x21, blue: 0x22)
  /// The viewer's dark grey, the default.
  package static let standard = ViewerBackground.color(standardColor)

  /// How the settings file writes it: `#rrggbb` or `checkerboard`.
  package var settingValue: String {
    switch self {
    case .color(let color): color.hex
    case .checkerboard: "checkerboard"
    }
  }

  /// The background a settings value names; `nil` for anything else.
  package init?(settingValue value: String) {
    if value == "checkerboard" {
      self = .checkerboard
    } else if let color = RGBColor(hex: value) {
      self = .color(color)
    } else {
      return nil
    }
  }
}
