// Files dropped on the window open; the viewer's image and the thumbnails drag out as files.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

extension BrowserWindow {
  /// Drops of files or a folder anywhere on the window open them (`text/uri-list`);
  /// dragging a thumbnail, or the fitted image out of the viewer, offers the current
  /// image's file to the application it is dropped on.
  func bindDragAndDrop() {
    window.rx.droppedURIs
      .subscribe(next: { [weak self] uris in self?.dropped(uris) })
      .disposed(by: bag)
    // The strip makes the pressed cell current before a drag starts from it.
    strip.canvas.offerDraggedURIs { [weak self] in self?.draggedURIs() ?? [] }
      .disposed(by: bag)
    strip.canvas.dragSourceSetIconName("image-x-generic")
    // The viewer pans and swipes with the button: it starts the drag itself.
    viewer.canvas.offerDraggedURIs(startingWith: nil) { [weak self] in
      self?.draggedURIs() ?? []
    }
    .disposed(by: bag)
  }

  /// Opens the local files among dropped `uris` (others, a web page's links, are left).
  /// The current image dropped back on its own window (a drag that changed its mind)
  /// changes nothing.
  func dropped(_ uris: [String]) {
    if uris == draggedURIs() { return }
    let urls = uris.compactMap(URL.init(string:)).filter(\.isFileURL)
    guard !urls.isEmpty else {
      viewModel.notice.value = Notice(
        message: tr("Only files and folders on this computer can be opened."), isFailure: true)
      return
    }
    open(urls)
  }

  /// What a drag from the window carries: the current image's file URI.
  func draggedURIs() -> [String] {
    viewModel.current.value.map { [$0.url.absoluteString] } ?? []
  }
}
