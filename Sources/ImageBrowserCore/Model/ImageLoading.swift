// Decoding images and thumbnails, behind protocols so tests can substitute fakes.
import Reactive

/// Why one image could not be decoded; the viewer shows `message` and paging goes on.
package nonisolated struct ImageLoadError: Error, Hashable, Sendable {
  /// The image that failed.
  package let item: ImageItem
  /// What went wrong, for a person (the decoder's own words when it has them).
  package let message: String

  /// A failure to decode `item`, said in `message`.
  package init(item: ImageItem, message: String) {
    self.item = item
    self.message = message
  }
}

/// Decodes full images for the viewer. The GTK layer supplies one backed by
/// gdk-pixbuf; tests supply fakes.
///
/// The returned signal does the work when subscribed, on the subscribing thread: the
/// view model subscribes on its background scheduler and observes on the main one. It
/// sends one image and completes, or fails; disposing it should stop the work if it
/// can.
package nonisolated protocol ImageLoading<Image>: Sendable {
  /// What a decoded image is (a pixbuf wrapper in the app, anything in tests).
  associatedtype Image
  /// Decodes `item` with its EXIF orientation applied, scaled down to fit `box` (the
  /// viewer's size) or at full resolution when `box` is `nil`.
  func loadImage(for item: ImageItem, fitting box: PixelSize?) -> Signal<Image, ImageLoadError>
  /// `image` turned or mirrored by `orientation`, as a new image (`image` is left as it
  /// is): how the viewer shows an edit before it is saved. Blocks; the view model calls
  /// it on the image scheduler.
  func transformed(_ image: Image, by orientation: Orientation) -> Image
  /// `image` edited by `edit` (turned, cut, scaled), as a new image: how the viewer
  /// shows edits before they are saved. `image` may be decoded smaller than the file; the
  /// crop is in the file's pixels and scales with it. Blocks, like `transformed`.
  func edited(_ image: Image, by edit: ImageEdit) -> Image
}

extension ImageLoading {
  /// Turns only: for loaders whose images cannot be cut or scaled.
  package func edited(_ image: Image, by edit: ImageEdit) -> Image {
    transformed(image, by: edit.orientation)
  }
}

/// Decodes thumbnails for the strip, with the same threading contract as
/// `ImageLoading`.
package nonisolated protocol ThumbnailLoading<Thumbnail>: Sendable {
  /// What a decoded thumbnail is.
  associatedtype Thumbnail
  /// Decodes `item` scaled to fit a square of `size` pixels, keeping its aspect ratio.
  func loadThumbnail(for item: ImageItem, size: Int) -> Signal<Thumbnail, ImageLoadError>
  /// The small preview `item`'s file carries in its metadata (a camera's EXIF
  /// thumbnail), upright, then completes; completes without one when there is none. It
  /// must be quick (a few kilobytes decoded, not the picture): it stands in for the
  /// current image while that decodes.
  func loadEmbeddedPreview(for item: ImageItem) -> Signal<Thumbnail, Never>
}

extension ThumbnailLoading {
  /// No embedded previews: a loader that does not read them.
  package func loadEmbeddedPreview(for item: ImageItem) -> Signal<Thumbnail, Never> { .empty() }
}
