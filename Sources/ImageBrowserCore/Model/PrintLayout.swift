// Where an image goes on a printed page: its scale and position, as the Image Settings tab sets them.
import Foundation

/// The image's place on a printed page, as the print dialog's *Image Settings* tab sets
/// it (Eye of GNOME has the same tab): its size as a share of the largest that fits the
/// printable area, centred on either axis or placed at a distance from the top-left
/// corner, and the unit the tab shows lengths in. Turning is not a choice: the image is
/// turned a quarter when that makes it larger (a landscape photo on a portrait page).
///
/// Lengths are in points (1/72 inch) from the printable area's top-left corner, what
/// `GtkPrintContext` draws in with `GTK_UNIT_POINTS`.
package nonisolated struct PrintLayout: Hashable, Sendable {
  /// Which axes the image is centred on.
  package enum Centring: String, CaseIterable, Hashable, Sendable {
    case both, horizontal, vertical, none

    /// Whether the image is centred left to right.
    package var horizontally: Bool { self == .both || self == .horizontal }
    /// Whether the image is centred top to bottom.
    package var vertically: Bool { self == .both || self == .vertical }

    /// The choice's name in the tab.
    package var title: String {
      switch self {
      case .both: tr("Both")
      case .horizontal: tr("Horizontal")
      case .vertical: tr("Vertical")
      case .none: tr("None")
      }
    }
  }

  /// The unit lengths are shown and typed in.
  package enum Unit: String, CaseIterable, Hashable, Sendable {
    case millimetres, inches

    /// Points in one unit.
    package var points: Double {
      switch self {
      case .millimetres: 72 / 25.4
      case .inches: 72
      }
    }

    /// The unit's name in the tab.
    package var title: String {
      switch self {
      case .millimetres: tr("Millimetres")
      case .inches: tr("Inches")
      }
    }
  }

  /// The smallest scale offered: 1 % of the page.
  package static let minimumScale = 0.01

  /// The image's size as a share of the largest that fits (`minimumScale`…1).
  package var scale: Double = 1 {
    didSet { scale = min(1, max(Self.minimumScale, scale.isFinite ? scale : 1)) }
  }
  /// The axes the image is centred on; on the others it sits at `left` or `top`.
  package var centring = Centring.both
  /// The image's left edge from the printable area's, in points, when not centred
  /// horizontally (kept on the page).
  package var left = 0.0
  /// The image's top edge from the printable area's, in points, when not centred
  /// vertically (kept on the page).
  package var top = 0.0
  /// The unit the tab shows.
  package var unit = Unit.millimetres

  /// The image's full size as the page shows it: centred, as large as fits.
  package init() {}

  /// Where an image lands: turned or not, its points per pixel, and the box it covers.
  package struct Placement: Hashable, Sendable {
    /// Whether the image is turned a quarter clockwise.
    package var rotated: Bool
    /// Points per image pixel.
    package var scale: Double
    /// The box the (turned) image covers, in points from the printable area's corner.
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
  }

  /// The largest scale (points per pixel) at which `image` fits `width` × `height`,
  /// and whether it is turned for that.
  static func fit(_ image: PixelSize, width: Double, height: Double) -> (
    scale: Double, rotated: Bool
  ) {
    let (w, h) = (Double(max(image.width, 1)), Double(max(image.height, 1)))
    let upright = min(width / w, height / h)
    let turned = min(width / h, height / w)
    return (max(upright, turned), turned > upright * 1.0001)
  }

  /// Where `image` lands on a printable area `width` × `height` points.
  package func placement(of image: PixelSize, width: Double, height: Double) -> Placement {
    let (fitScale, rotated) = Self.fit(image, width: width, height: height)
    let scale = fitScale * self.scale
    let (w, h) = (Double(max(image.width, 1)), Double(max(image.height, 1)))
    let boxWidth = (rotated ? h : w) * scale
    let boxHeight = (rotated ? w : h) * scale
    let x =
      centring.horizontally ? (width - boxWidth) / 2 : min(max(0, left), max(0, width - boxWidth))
    let y =
      centring.vertically ? (height - boxHeight) / 2 : min(max(0, top), max(0, height - boxHeight))
    return Placement(rotated: rotated, scale: scale, x: x, y: y, width: boxWidth, height: boxHeight)
  }

  /// Sets `scale` so that `image` is `length` units wide on that area (within the
  /// scales offered).
  package mutating func setWidth(
    _ length: Double, of image: PixelSize, width: Double, height: Double
  ) {
    let full = placement(of: image, width: width, height: height).width / scale
    if full > 0 { scale = length * unit.points / full }
  }

  /// Sets `scale` so that `image` is `length` units high on that area.
  package mutating func setHeight(
    _ length: Double, of image: PixelSize, width: Double, height: Double
  ) {
    let full = placement(of: image, width: width, height: height).height / scale
    if full > 0 { scale = length * unit.points / full }
  }
}
