// The large viewer's half of the two-collection pattern, without GTK.
import Reactive

/// How the viewer moves from one image to the next.
package enum Transition: Hashable, Sendable {
  /// No animation: the first image, or the same image at a new position.
  case none
  /// Slide in from the right: a later image.
  case forward
  /// Slide in from the left: an earlier image.
  case backward
}

/// What the large viewer does with the shared index, as a model the GTK viewer
/// drives and tests drive with a fake.
///
/// The viewer pages by setting the index (`page(by:)`, `page(to:)`); it observes the
/// current image skipping the initial value — which it shows at once, without a
/// transition — and shows every later one with a slide whose direction follows the
/// index when it is a neighbour of the one shown, else at once. Setting the index and
/// observing it cannot loop: the view model ignores a selection of the current index,
/// and showing an image sets nothing.
package final class ViewerBinding {
  private let viewModel: any SharedIndex
  private let show: ((ImageItem?, Transition) -> Void)?
  private let subscription = SerialDisposable()
  private var shownItem: ImageItem?

  /// Binds a viewer to `viewModel`: `show` draws an image (`nil`: the placeholder)
  /// with a transition. It is called once now, then on every change of the current
  /// image. Without `show` the binding only pages (a viewer that follows the decoded
  /// image itself, deciding its slide when the image arrives), and observes nothing.
  package init(viewModel: any SharedIndex, show: ((ImageItem?, Transition) -> Void)? = nil) {
    self.viewModel = viewModel
    self.show = show
    shownItem = viewModel.current.value
    guard let show else { return }
    show(shownItem, .none)
    subscription.inner = viewModel.current.signal.skip(1)
      .subscribe(next: { [weak self] item in self?.currentChanged(to: item) })
  }

  deinit {
    subscription.dispose()
  }

  /// The user paged by `delta` images (arrow keys, wheel, swipe); returns whether the
  /// index changed. Past either end nothing happens.
  @discardableResult
  package func page(by delta: Int) -> Bool {
    guard let position = viewModel.state.value.index else { return false }
    return viewModel.select(index: position + delta)
  }

  /// The user jumped to `position` (Home, End); returns whether the index changed.
  @discardableResult
  package func page(to position: Int) -> Bool {
    viewModel.select(index: position)
  }

  private func currentChanged(to item: ImageItem?) {
    let transition = Self.transition(from: shownItem, in: viewModel.state.value)
    shownItem = item
    show?(item, transition)
  }

  /// How to move from showing `shown` to the current image of `state`.
  ///
  /// Only a step to a neighbour slides. A jump (End, Home, a thumbnail further along the
  /// strip) cuts to the new image: a slide would say the image next to the old one came
  /// in, and it would keep the image the user asked for moving for the slide's whole
  /// length (eog never slides).
  ///
  /// The direction compares positions in today's list: the shown image may have moved
  /// since it was shown (images inserted before it). If it is gone (deleted, filtered
  /// out) this is no paging, and there is no slide.
  ///
  /// Only the two places next to the new image are looked at: a search of the list for
  /// the old one cost a jump from the last of 100,000 images to the first a pass over
  /// all of them.
  package static func transition(from shown: ImageItem?, in state: BrowserState) -> Transition {
    guard let shown, let new = state.index else { return .none }
    if new > 0, state.items[new - 1].id == shown.id { return .forward }
    if new + 1 < state.items.count, state.items[new + 1].id == shown.id { return .backward }
    return .none
  }
}
