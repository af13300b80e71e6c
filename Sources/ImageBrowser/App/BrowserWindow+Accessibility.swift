// What a screen reader announces for the window and the viewer as the user pages.
import GtkReactive
import ImageBrowserCore
import Reactive

extension BrowserWindow {
  /// Names the window and the viewer after the current image (`NAME, I of N`, the view
  /// model's `accessibleTitle`), so a screen reader announces each page: the focus stays
  /// on the viewer while paging, and a new name of the focused object is announced. The
  /// viewer is an image to assistive technologies, not a drawing area, and has the focus
  /// whenever nothing else does.
  func bindAccessibleNames() {
    viewer.canvas.accessibleRole = .image
    viewModel.accessibleTitle.signal.bind(to: window.rx.accessibleName).disposed(by: bag)
    viewModel.accessibleTitle.signal.bind(to: viewer.canvas.rx.accessibleName).disposed(by: bag)
    // The focus starts on the viewer, and returns to it when it shows an image again:
    // the viewer's stack drops the focus of the page it hides (the image, behind
    // "Opening…" at launch), which left nothing focused for a screen reader to follow.
    viewer.widget.rx.visibleChildName.changes
      .filter { $0 == "image" }
      .subscribe(next: { [weak self] _ in
        guard let self, window.focus == nil else { return }
        viewer.canvas.grabFocus()
      })
      .disposed(by: bag)
  }
}
