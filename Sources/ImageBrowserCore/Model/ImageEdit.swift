// What an image's edits not saved amount to: a turn or mirror, a crop, a new size.

/// One step the user takes on an image before saving, relative to how it shows before
/// the step.
package nonisolated enum EditStep: Hashable, Sendable {
  /// Turned or mirrored.
  case orient(Orientation)
  /// Cut to the rectangle, in the pixels of the image as it shows.
  case crop(PixelRect)
  /// Scaled to the size.
  case resize(PixelSize)
}

/// The net effect of an image's steps, in the order a writer applies them: the file's
/// upright picture turned or mirrored by `orientation`, cut to `crop`, scaled to
/// `size`. Any sequence of steps comes down to this form (a crop after a resize is
/// mapped back to the pixels before the resize, within a pixel), so the file is
/// decoded, cut and scaled once however many steps were taken.
package nonisolated struct ImageEdit: Hashable, Sendable {
  /// Applied to the file's upright picture first.
  package var orientation = Orientation.up
  /// The part kept, in the pixels of the picture turned by `orientation`; `nil` keeps
  /// all of it.
  package var crop: PixelRect?
  /// The size the kept part is scaled to; `nil` keeps its size.
  package var size: PixelSize?
  /// The upright size of the file's picture, known once a crop or resize was taken.
  package var sourceSize: PixelSize?

  /// No edit at all.
  package static let none = ImageEdit()

  /// An edit that only turns or mirrors.
  package init(orientation: Orientation = .up) {
    self.orientation = orientation
  }

  /// Whether the image shows as its file is.
  package var isIdentity: Bool { orientation.isIdentity && crop == nil && size == nil }

  /// Whether the edit changes more than the orientation (Save must write pixels).
  package var changesPixels: Bool { crop != nil || size != nil }

  /// The size of the picture turned by `orientation`, before the crop.
  private func orientedSize(_ source: PixelSize) -> PixelSize {
    orientation.swapsDimensions ? source.transposed : source
  }

  /// The size the image has once edited, for a file whose upright picture is `source`.
  package func outputSize(from source: PixelSize) -> PixelSize {
    size ?? crop?.size ?? orientedSize(source)
  }

  /// This edit followed by `step`, for a file whose upright picture is `source` (the
  /// size matters only to crops and resizes).
  package func then(_ step: EditStep, source: PixelSize?) -> ImageEdit {
    var next = self
    if next.sourceSize == nil { next.sourceSize = source }
    switch step {
    case .orient(let turn):
      if let crop, let source = next.sourceSize {
        next.crop = crop.transformed(by: turn, in: orientedSize(source))
      }
      next.size = size.map { turn.swapsDimensions ? $0.transposed : $0 }
      next.orientation = orientation.then(turn)
    case .crop(let rect):
      guard let source = next.sourceSize else { return self }
      let base = crop ?? PixelRect(orientedSize(source))
      if let size, size.width > 0, size.height > 0 {
        // A crop of a resized picture: the same part of the picture before the resize.
        let scaleX = Double(base.width) / Double(size.width)
        let scaleY = Double(base.height) / Double(size.height)
        let mapped = PixelRect(
          x: base.x + Int((Double(rect.x) * scaleX).rounded()),
          y: base.y + Int((Double(rect.y) * scaleY).rounded()),
          width: max(1, Int((Double(rect.width) * scaleX).rounded())),
          height: max(1, Int((Double(rect.height) * scaleY).rounded())))
        next.crop = mapped.clamped(to: orientedSize(source)) ?? base
        next.size = rect.size
      } else {
        next.crop = PixelRect(
          x: base.x + rect.x, y: base.y + rect.y, width: rect.width, height: rect.height)
      }
    case .resize(let size):
      next.size = size
    }
    return next.normalized
  }

  /// The same edit without a crop of the whole picture or a size it already has.
  private var normalized: ImageEdit {
    var edit = self
    if let source = sourceSize, edit.crop == PixelRect(orientedSize(source)) { edit.crop = nil }
    if let source = sourceSize, edit.size == (edit.crop?.size ?? orientedSize(source)) {
      edit.size = nil
    }
    if !edit.changesPixels { edit.sourceSize = nil }
    return edit
  }
}
