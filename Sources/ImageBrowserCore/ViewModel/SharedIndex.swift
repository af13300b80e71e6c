// The view model as the two collections see it: items, one shared index, and a setter.
import Reactive

/// What the viewer and the strip need from the view model: the images, the one index
/// they share, and a way to set it. `BrowserViewModel` is the app's; tests may use
/// their own.
package protocol SharedIndex: AnyObject {
  /// The whole state, for reading both halves of a change consistently.
  var state: Property<BrowserState> { get }
  /// The images shown, delivered before `index` when both change at once.
  var items: Property<[ImageItem]> { get }
  /// The position of the current image; sends only real changes.
  var index: Property<Int?> { get }
  /// The current image; sends only real changes.
  var current: Property<ImageItem?> { get }
  /// Makes `index` current; does nothing (and returns false) when it already is or is
  /// out of range.
  @discardableResult
  func select(index: Int) -> Bool
}
