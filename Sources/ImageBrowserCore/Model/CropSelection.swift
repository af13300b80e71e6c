// The rectangle a crop keeps while the user shapes it: handles, aspect ratios, the edges
// of the image.

/// The shapes a crop can be held to.
package nonisolated enum CropAspect: Hashable, Sendable, CaseIterable {
  /// Any shape.
  case free
  /// 1:1.
  case square
  /// 4:3 (3:4 for an upright image).
  case fourThree
  /// 3:2 (2:3 for an upright image).
  case threeTwo
  /// 16:9 (9:16 for an upright image).
  case sixteenNine
  /// The image's own shape.
  case original

  /// Width over height for an image of `size`; `nil` for any shape. The presets follow
  /// the image: landscape on a landscape image, portrait on a portrait one.
  package func ratio(for size: PixelSize) -> Double? {
    let long: Double
    let short: Double
    switch self {
    case .free: return nil
    case .original: return Double(max(size.width, 1)) / Double(max(size.height, 1))
    case .square: return 1
    case .fourThree: (long, short) = (4, 3)
    case .threeTwo: (long, short) = (3, 2)
    case .sixteenNine: (long, short) = (16, 9)
    }
    return size.height > size.width ? short / long : long / short
  }

  /// The name shown in the crop bar, marked for translation.
  package var title: String {
    switch self {
    // TRANSLATORS: a crop shape: any width and height.
    case .free: N_("Free")
    case .square: "1:1"
    case .fourThree: "4:3"
    case .threeTwo: "3:2"
    case .sixteenNine: "16:9"
    // TRANSLATORS: a crop shape: the same proportions as the image.
    case .original: N_("Original")
    }
  }
}

/// What the pointer holds while shaping a crop: a corner, an edge, or the inside (which
/// moves the rectangle).
package nonisolated enum CropHandle: Hashable, Sendable, CaseIterable {
  case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left, inside

  /// Whether dragging it moves the left edge.
  var movesLeft: Bool { self == .topLeft || self == .left || self == .bottomLeft }
  /// Whether dragging it moves the right edge.
  var movesRight: Bool { self == .topRight || self == .right || self == .bottomRight }
  /// Whether dragging it moves the top edge.
  var movesTop: Bool { self == .topLeft || self == .top || self == .topRight }
  /// Whether dragging it moves the bottom edge.
  var movesBottom: Bool { self == .bottomLeft || self == .bottom || self == .bottomRight }
}

/// The crop being shaped over an image of `imageSize` (as it shows, with its edits): a
/// rectangle that always lies inside the image and holds at least one pixel, kept to
/// `aspect` when that is not free.
package nonisolated struct CropSelection: Hashable, Sendable {
  /// The image's size as it shows, in its own pixels.
  package let imageSize: PixelSize
  /// The part kept, inside the image.
  package private(set) var rect: PixelRect
  /// The shape the rectangle is held to.
  package private(set) var aspect = CropAspect.free

  /// A selection of the whole image, any shape.
  package init(imageSize: PixelSize) {
    self.imageSize = imageSize
    rect = PixelRect(imageSize)
  }

  /// Whether applying it would keep the whole image (nothing to crop).
  package var keepsEverything: Bool { rect == PixelRect(imageSize) }

  /// Holds the rectangle to `aspect`: the largest rectangle of that shape centred on the
  /// current one and inside it.
  package mutating func setAspect(_ aspect: CropAspect) {
    self.aspect = aspect
    guard let ratio = aspect.ratio(for: imageSize) else { return }
    var width = Double(rect.width)
    var height = width / ratio
    if height > Double(rect.height) {
      height = Double(rect.height)
      width = height * ratio
    }
    let centreX = Double(rect.x) + Double(rect.width) / 2
    let centreY = Double(rect.y) + Double(rect.height) / 2
    rect = Self.pixels(
      left: centreX - width / 2, top: centreY - height / 2, width: width, height: height,
      in: imageSize)
  }

  /// Puts the rectangle at `proposed`, cut to the image (and to the aspect, from its top
  /// left corner). Returns `false` and changes nothing when `proposed` lies wholly
  /// outside the image.
  @discardableResult
  package mutating func setRect(_ proposed: PixelRect) -> Bool {
    guard var clamped = proposed.clamped(to: imageSize) else { return false }
    if let ratio = aspect.ratio(for: imageSize) {
      let width = min(Double(clamped.width), Double(clamped.height) * ratio)
      let height = width / ratio
      clamped = Self.pixels(
        left: Double(clamped.x), top: Double(clamped.y), width: width, height: height,
        in: imageSize)
    }
    rect = clamped
    return true
  }

  /// The rectangle after `handle` of `start` was dragged by (`dx`, `dy`) image pixels:
  /// the opposite corner or edge stays put, the rectangle stays inside the image and
  /// keeps its aspect; dragging the inside moves it whole.
  package mutating func drag(_ handle: CropHandle, of start: PixelRect, dx: Double, dy: Double) {
    let image = (width: Double(imageSize.width), height: Double(imageSize.height))
    var left = Double(start.x)
    var top = Double(start.y)
    var right = left + Double(start.width)
    var bottom = top + Double(start.height)
    if handle == .inside {
      let moveX = min(max(dx, -left), image.width - right)
      let moveY = min(max(dy, -top), image.height - bottom)
      rect = Self.pixels(
        left: left + moveX, top: top + moveY, width: right - left, height: bottom - top,
        in: imageSize)
      return
    }
    // Edges move with the pointer, no further than the image's edges and never past the
    // opposite edge (a rectangle keeps at least one pixel).
    if handle.movesLeft { left = min(max(left + dx, 0), right - 1) }
    if handle.movesRight { right = max(min(right + dx, image.width), left + 1) }
    if handle.movesTop { top = min(max(top + dy, 0), bottom - 1) }
    if handle.movesBottom { bottom = max(min(bottom + dy, image.height), top + 1) }
    guard let ratio = aspect.ratio(for: imageSize) else {
      rect = Self.pixels(
        left: left, top: top, width: right - left, height: bottom - top, in: imageSize)
      return
    }
    // Held to a shape: the dimension the pointer changed decides, the other follows,
    // both shrinking together if the image's edges leave no room.
    let horizontal = handle.movesLeft || handle.movesRight
    let vertical = handle.movesTop || handle.movesBottom
    var width = right - left
    var height = bottom - top
    if horizontal && (!vertical || abs(dx) >= abs(dy)) {
      height = width / ratio
    } else {
      width = height * ratio
    }
    // Room from the fixed side (or the centre, for an edge handle) to the image's edges.
    let centreX = (Double(start.x) * 2 + Double(start.width)) / 2
    let centreY = (Double(start.y) * 2 + Double(start.height)) / 2
    let roomX: Double =
      handle.movesLeft
      ? Double(start.x + start.width)
      : handle.movesRight
        ? image.width - Double(start.x) : 2 * min(centreX, image.width - centreX)
    let roomY: Double =
      handle.movesTop
      ? Double(start.y + start.height)
      : handle.movesBottom
        ? image.height - Double(start.y) : 2 * min(centreY, image.height - centreY)
    let shrink = min(1, roomX / width, roomY / height)
    width = max(width * shrink, 1)
    height = max(height * shrink, 1)
    let newLeft =
      handle.movesLeft
      ? Double(start.x + start.width) - width
      : handle.movesRight ? Double(start.x) : centreX - width / 2
    let newTop =
      handle.movesTop
      ? Double(start.y + start.height) - height
      : handle.movesBottom ? Double(start.y) : centreY - height / 2
    rect = Self.pixels(left: newLeft, top: newTop, width: width, height: height, in: imageSize)
  }

  /// Whole pixels for a rectangle in image coordinates, kept inside `size`.
  private static func pixels(
    left: Double, top: Double, width: Double, height: Double, in size: PixelSize
  ) -> PixelRect {
    let w = min(max(Int(width.rounded()), 1), size.width)
    let h = min(max(Int(height.rounded()), 1), size.height)
    let x = min(max(Int(left.rounded()), 0), size.width - w)
    let y = min(max(Int(top.rounded()), 0), size.height - h)
    return PixelRect(x: x, y: y, width: w, height: h)
  }
}
