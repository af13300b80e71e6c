// The most pixels one decode may hold, and how a decode keeps within it.
import Foundation
import ImageBrowserCore

/// The memory bound of one decode: at most `pixels` pixels are ever allocated for one
/// image, whatever its file claims, so no single image (a decompression bomb: a small
/// file declaring a huge picture) can drive the browser's memory up.
///
/// 50 megapixels is 200 MB as RGBA; the viewer holds the decoded pixels twice while it
/// converts them for cairo, so one image costs at most about 400 MB above the browser's
/// own ~75 MB: under 500 MB in all. It is above nearly every camera's photos (a 45
/// megapixel photo is decoded whole) and a 7,071 × 7,071 square.
///
/// How an image over the budget is treated depends on how its format decodes:
///
/// - JPEG scales while decoding (by 1/2, 1/4 or 1/8): it is decoded at the largest of
///   those sizes within the budget, and 1:1 shows that copy enlarged;
/// - SVG renders at any size: it is rendered at the largest size within the budget
///   (the viewer renders the visible region sharp when zoomed, `SvgDocument`);
/// - every other format (PNG, GIF, TIFF, WebP…) is decoded at full size by gdk-pixbuf
///   before it could be scaled, so one over the budget is refused, before any pixel
///   memory is allocated.
package nonisolated enum DecodeBudget {
  /// The most pixels one decode may allocate: 50 megapixels.
  package static let pixels = 50_000_000

  /// The memory a budget of `pixels` stands for: 4 bytes a pixel (RGBA). What a decoder
  /// allocates besides the pixels (a progressive JPEG's coefficients) is held to it.
  package static func bytes(of pixels: Int) -> Int { pixels * 4 }

  /// How a format's loader honours a requested size.
  package enum Scaling: Sendable {
    /// Decodes at full size, then scales (PNG, GIF, TIFF…).
    case afterDecoding
    /// Decodes straight at 1/1, 1/2, 1/4 or 1/8 of the full size (JPEG), then scales.
    case byEighths
    /// Renders at exactly the size asked for (SVG).
    case exactly
  }

  /// What to ask the loader for.
  package enum Plan: Hashable, Sendable {
    /// Decode at `size`; `isCapped` when that is smaller than what was asked for,
    /// because of the budget.
    case decode(PixelSize, isCapped: Bool)
    /// Decode nothing: the image cannot be decoded within the budget.
    case refuse
  }

  /// The plan for an image of `full` pixels, asked for to fit `box` (full size when
  /// `nil`), in a format that scales as `scaling` says, within `budget` pixels.
  package static func plan(
    full: PixelSize, box: PixelSize?, scaling: Scaling, budget: Int = pixels
  ) -> Plan {
    guard full.width > 0, full.height > 0 else { return .refuse }
    let wanted = box.map { full.fitting(in: $0) } ?? full
    switch scaling {
    case .afterDecoding:
      return full.area > budget ? .refuse : .decode(wanted, isCapped: false)
    case .exactly:
      guard wanted.area > budget else { return .decode(wanted, isCapped: false) }
      return .decode(full.fitting(area: budget), isCapped: true)
    case .byEighths:
      // The loader decodes at the smallest eighth still covering what is asked for.
      let steps = [1, 2, 4, 8]
      let used = steps.last { full.divided(by: $0).covers(wanted) } ?? 1
      if full.divided(by: used).area <= budget { return .decode(wanted, isCapped: false) }
      guard let step = steps.first(where: { full.divided(by: $0).area <= budget }) else {
        return .refuse
      }
      return .decode(full.divided(by: step), isCapped: true)
    }
  }

  /// "This image is 20,000 × 20,000 pixels; it is shown from a copy of 5,000 × 5,000
  /// (the browser decodes at most 50 megapixels of one image)."
  package static func cappedMessage(
    full: PixelSize, shown: PixelSize, budget: Int = pixels
  ) -> String {
    tr(
      "This image is %s pixels; it is shown from a copy of %s (the browser decodes at most %s megapixels of one image).",
      full.grouped, shown.grouped, megapixels(budget))
  }

  /// "This image is 30,000 × 30,000 pixels (900 megapixels); the browser decodes at
  /// most 50 megapixels of one image."
  package static func refusedMessage(full: PixelSize, budget: Int = pixels) -> String {
    tr(
      "This image is %s pixels (%s megapixels); the browser decodes at most %s megapixels of one image.",
      full.grouped, megapixels(full.area), megapixels(budget))
  }

  /// "This image is 15,000 × 15,000 pixels in several scans (a progressive JPEG):
  /// decoding it at any size takes 675 MB, and the browser gives one image at most
  /// 200 MB."
  package static func refusedMultiScanMessage(
    full: PixelSize, bytes: Int, budget: Int = pixels
  ) -> String {
    tr(
      "This image is %1$s pixels in several scans (a progressive JPEG): decoding it at any size takes %2$s MB, and the browser gives one image at most %3$s MB.",
      full.grouped, PixelSize.group(bytes / 1_000_000),
      PixelSize.group(Self.bytes(of: budget) / 1_000_000))
  }

  /// `count` pixels in megapixels: whole and grouped from 10 up ("3,600"), else with
  /// one decimal ("0.5").
  private static func megapixels(_ count: Int) -> String {
    let value = Double(count) / 1_000_000
    guard value >= 10 else { return String(format: "%.1f", value) }
    return PixelSize.group(Int(value.rounded()))
  }
}

nonisolated extension PixelSize {
  /// This size divided by `divisor`, rounded up (as a JPEG decoder scales).
  package func divided(by divisor: Int) -> PixelSize {
    PixelSize(
      width: (width + divisor - 1) / divisor, height: (height + divisor - 1) / divisor)
  }

  /// This size scaled down, aspect kept, to at most `area` pixels; never scaled up.
  package func fitting(area limit: Int) -> PixelSize {
    guard self.area > limit, width > 0, height > 0 else { return self }
    let scale = (Double(limit) / Double(self.area)).squareRoot()
    return PixelSize(
      width: max(1, Int((Double(width) * scale).rounded(.down))),
      height: max(1, Int((Double(height) * scale).rounded(.down))))
  }

  /// The size with thousands separators: `60,000 × 60,000`.
  package var grouped: String { "\(Self.group(width)) × \(Self.group(height))" }

  /// `value` with thousands separators: `60,000`.
  static func group(_ value: Int) -> String {
    var digits = String(value)
    var index = digits.endIndex
    while digits.distance(from: digits.startIndex, to: index) > 3 {
      index = digits.index(index, offsetBy: -3)
      digits.insert(",", at: index)
    }
    return digits
  }
}
