// The viewer's zoom: fit to the window, or a scale factor clamped to sensible limits.
import Foundation

/// How large the viewer draws the current image.
///
/// `.fit` scales the image to fit the viewer (never above 1:1, as Eye of GNOME does);
/// `.scale(f)` draws it at `f` times its pixel size. Zooming in and out from `.fit`
/// starts at the scale fitting currently shows, which only the view knows, so it passes
/// it in.
package nonisolated enum Zoom: Hashable, Sendable {
  /// Fit the image to the viewer.
  case fit
  /// A fixed scale factor; 1 is one image pixel per screen pixel.
  case scale(Double)
  /// Fill the viewer's width (a tall image is then scrolled down).
  case fillWidth

  /// The smallest scale zooming out reaches.
  static let minimumScale = 0.05
  /// The largest scale zooming in reaches.
  static let maximumScale = 20.0
  /// The stops of zooming in and out by steps (keys, buttons).
  static let steps: [Double] = [
    0.05, 0.1, 0.2, 0.25, 0.33, 0.5, 0.67, 1, 1.5, 2, 3, 4, 6, 8, 12, 16, 20,
  ]

  /// Whether this is 1:1.
  var isActualSize: Bool { self == .scale(1) }

  /// The scale this zoom draws at, given the scales fitting and filling the width use.
  package func factor(fitScale: Double, fillWidthScale: Double? = nil) -> Double {
    switch self {
    case .fit: fitScale
    case .scale(let factor): factor
    case .fillWidth: fillWidthScale ?? fitScale
    }
  }

  /// The zoom as people read it: the percentage it draws at ("150 %").
  package func label(fitScale: Double, fillWidthScale: Double? = nil) -> String {
    let percent = Int((factor(fitScale: fitScale, fillWidthScale: fillWidthScale) * 100).rounded())
    return Self.percentage(percent)
  }

  /// `percent` as a percentage in the user's language ("150 %"), as the zoom field shows
  /// it and `parse` reads it back.
  package static func percentage(_ percent: Int) -> String {
    // TRANSLATORS: a zoom level, as the zoom field shows it; the field reads back a number
    // followed by "%", with or without a space.
    tr("%d %%", percent)
  }

  /// The zoom a person typed: "150", "150%", "150 %", "1.5x"; `nil` for anything else.
  /// Clamped to the limits.
  package static func parse(_ text: String) -> Zoom? {
    var trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    var multiplier = 0.01
    if trimmed.hasSuffix("x") || trimmed.hasSuffix("×") {
      trimmed.removeLast()
      multiplier = 1
    } else if trimmed.hasSuffix("%") {
      trimmed.removeLast()
    }
    trimmed = trimmed.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
    guard let value = Double(trimmed), value.isFinite, value > 0 else { return nil }
    return .scale(clamp(value * multiplier))
  }

  /// The next step larger than the current scale, clamped to `maximumScale`.
  func zoomedIn(fitScale: Double) -> Zoom {
    let current = factor(fitScale: fitScale)
    let next = Self.steps.first { $0 > current * 1.0001 } ?? Self.maximumScale
    return .scale(Self.clamp(next))
  }

  /// The next step smaller than the current scale, clamped to `minimumScale`.
  func zoomedOut(fitScale: Double) -> Zoom {
    let current = factor(fitScale: fitScale)
    let next = Self.steps.last { $0 < current / 1.0001 } ?? Self.minimumScale
    return .scale(Self.clamp(next))
  }

  /// The current scale multiplied by `multiplier` (smooth zoom: Ctrl+wheel, pinch),
  /// clamped.
  package func zoomed(by multiplier: Double, fitScale: Double) -> Zoom {
    .scale(Self.clamp(factor(fitScale: fitScale) * multiplier))
  }

  /// `factor` limited to `minimumScale...maximumScale`.
  package static func clamp(_ factor: Double) -> Double {
    min(max(factor, minimumScale), maximumScale)
  }
}
