// What a screen reader announces for the window and the viewer as the user pages.
import GtkReactive
import ImageBrowserCore
import Reactive

extension BrowserWindow {
  /// Names the window and the viewer after the current image (`NAME, I of N`, the view
  /// model's `accessibleTitle`), so a screen reader announces each page: the focus stays
  /// on the viewer while paging, and a new name of the focused object is announced. The
  /// viewer is an image to assistive technologies, not a drawing area.
  func bindAccessibleNames() {
    viewer.canvas.accessibleRole = .image
    viewModel.accessibleTitle.signal.bind(to: window.rx.accessibleName).disposed(by: bag)
    viewModel.accessibleTitle.signal.bind(to: viewer.canvas.rx.accessibleName).disposed(by: bag)
  }
}
