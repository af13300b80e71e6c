// What the resize dialog's fields mean: pixels or percent, the aspect kept or not.

/// The units of the resize dialog's fields.
package nonisolated enum ResizeUnit: Hashable, Sendable {
  /// Pixels.
  case pixels
  /// Percent of the image's size.
  case percent
}

/// The resize dialog's arithmetic, for an image of `original` pixels (as it shows).
package nonisolated struct ResizeInput: Hashable, Sendable {
  /// The most pixels a resize may make: what the browser decodes of one image at most.
  package static let maximumPixels = 50_000_000

  /// The image's size as it shows.
  package let original: PixelSize

  /// The arithmetic for an image of `original` pixels.
  package init(original: PixelSize) {
    self.original = original
  }

  /// The height that keeps the aspect for `width`, in `unit`.
  package func height(forWidth width: Double, unit: ResizeUnit) -> Double {
    switch unit {
    case .percent: width
    case .pixels:
      (width * Double(original.height) / Double(max(original.width, 1))).rounded()
    }
  }

  /// The width that keeps the aspect for `height`, in `unit`.
  package func width(forHeight height: Double, unit: ResizeUnit) -> Double {
    switch unit {
    case .percent: height
    case .pixels:
      (height * Double(original.width) / Double(max(original.height, 1))).rounded()
    }
  }

  /// `value` of `unit` in the other unit, for the dimension of `pixels` pixels.
  package static func convert(_ value: Double, to unit: ResizeUnit, of pixels: Int) -> Double {
    switch unit {
    case .percent: (value * 100 / Double(max(pixels, 1)) * 10).rounded() / 10
    case .pixels: (value * Double(pixels) / 100).rounded()
    }
  }

  /// The size the fields ask for, or why it cannot be made (for a person).
  package func size(width: Double, height: Double, unit: ResizeUnit) -> Result<
    PixelSize, ResizeError
  > {
    let pixels =
      switch unit {
      case .pixels: (width: width.rounded(), height: height.rounded())
      case .percent:
        (
          width: (Double(original.width) * width / 100).rounded(),
          height: (Double(original.height) * height / 100).rounded()
        )
      }
    guard pixels.width >= 1, pixels.height >= 1 else {
      return .failure(ResizeError(message: tr("The new size must be at least one pixel.")))
    }
    guard pixels.width * pixels.height <= Double(Self.maximumPixels) else {
      return .failure(
        ResizeError(
          message: tr(
            "The new size, %1$d × %2$d pixels, is more than 50 megapixels.", Int(pixels.width),
            Int(pixels.height))))
    }
    return .success(PixelSize(width: Int(pixels.width), height: Int(pixels.height)))
  }
}

/// Why a resize cannot be made, for a person.
package nonisolated struct ResizeError: Error, Hashable, Sendable {
  /// What is wrong.
  package let message: String
}
