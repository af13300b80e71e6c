// What the viewer shows for the current image while it loads, once loaded, or failed.

/// The decoding state of the current image.
package enum ImageState<Image> {
  /// There is no current image.
  case none
  /// The image is being decoded.
  case loading(ImageItem)
  /// The image is decoded.
  case loaded(ImageItem, Image)
  /// The image could not be decoded; the viewer shows `message` and paging goes on.
  case failed(ImageItem, message: String)

  /// The image this state is about.
  package var item: ImageItem? {
    switch self {
    case .none: nil
    case .loading(let item), .loaded(let item, _), .failed(let item, _): item
    }
  }

  /// The decoded image, once loaded.
  package var image: Image? {
    if case .loaded(_, let image) = self { image } else { nil }
  }

  /// The failure message, if decoding failed.
  package var failureMessage: String? {
    if case .failed(_, let message) = self { message } else { nil }
  }

  /// Whether there is an image that can be turned or mirrored: one that is loading or
  /// loaded (a failed decode has nothing to turn).
  package var isEditable: Bool {
    switch self {
    case .none, .failed: false
    case .loading, .loaded: true
    }
  }
}
