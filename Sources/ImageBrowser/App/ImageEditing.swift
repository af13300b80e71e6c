// Crop mode, the resize dialog and Save As in one window: what the edit commands send.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// The window's side of cropping, resizing and Save As: the crop bar and the crop
/// rectangle over the viewer, the resize dialog, and the Save As chooser with its
/// question before replacing a file. The view model holds the crop and takes the steps
/// (`EditCommands`, `Cropping`).
@MainActor
final class ImageEditing {
  /// The commands the actions run.
  let commands: EditCommands
  /// The bar over the viewer in crop mode: built after the first image or when crop
  /// mode starts (`DeferredParts`).
  private(set) lazy var bar: CropBar = {
    let bar = CropBar(cropping: browser.viewModel.cropping)
    container.addOverlay(bar.widget)
    return bar
  }()
  /// The rectangle over the viewer's image in crop mode, built with the bar.
  private(set) lazy var overlay = CropOverlay(viewer: browser.viewer)
  /// The resize dialog while it shows.
  private(set) var resizeDialog: ResizeDialog?
  private unowned let browser: BrowserWindow
  /// The viewer's overlay, which the bar goes over.
  private let container: Overlay
  private let bag = DisposeBag()

  /// Cropping, resizing and Save As in `browser`, the bar over `overlay`.
  init(browser: BrowserWindow, overlay container: Overlay) {
    self.browser = browser
    self.container = container
    let viewModel = browser.viewModel
    commands = EditCommands(viewModel: viewModel)
    // The whole image in view while cropping, and the keys (Return, Escape) with it.
    viewModel.cropping.selection.signal.map { $0 != nil }.distinctUntilChanged()
      .filter { $0 }
      .subscribe(next: { [weak self, weak browser] _ in
        self?.buildCropParts()
        browser?.viewModel.zoomToFit()
        browser?.viewer.canvas.grabFocus()
      })
      .disposed(by: bag)
    commands.resize.values
      .subscribe(next: { [weak self] size in self?.askForSize(from: size) })
      .disposed(by: bag)
    commands.saveAs.values
      .subscribe(next: { [weak self] item in self?.chooseDestination(for: item) })
      .disposed(by: bag)
  }

  /// Builds the crop bar and the crop rectangle, if they are not built yet.
  func buildCropParts() {
    _ = bar
    _ = overlay
  }

  /// Save (Ctrl+S): a turn or a mirror is written at once (a JPEG loses nothing); a crop
  /// or a resize asks first, since what was cut away or scaled out is gone from the file
  /// (Cancel is the default).
  func save() {
    let viewModel = browser.viewModel
    let save = viewModel.commands.save
    guard let item = viewModel.current.value,
      viewModel.currentImageEdit.value?.changesPixels == true
    else {
      _ = save.execute()
      return
    }
    browser.window
      .confirm(
        tr("Save the crop or new size into “%s”?", item.shownName),
        detail: tr(
          "The pixels cut away or scaled out will be gone from the file. Save As keeps the original."
        ),
        confirmLabel: tr("_Save"), type: .question, destructive: true
      )
      .filter { $0 }
      .subscribe(next: { [weak browser] _ in
        // The image the user confirmed, not one that became current meanwhile.
        guard browser?.viewModel.current.value == item else { return }
        _ = save.execute()
      })
      .disposed(by: bag)
  }

  /// Shows the resize dialog for an image of `size` pixels as it shows.
  func askForSize(from size: PixelSize) {
    let dialog = ResizeDialog(original: size, parent: browser.window)
    resizeDialog = dialog
    dialog.run()
      .subscribe(
        next: { [weak self] size in self?.browser.viewModel.resizeCurrent(to: size) },
        completed: { [weak self] in self?.resizeDialog = nil }
      )
      .disposed(by: bag)
  }

  /// Asks where to save `item` as it shows, starting in its folder with its name.
  private func chooseDestination(for item: ImageItem) {
    browser.window
      .chooseFiles(
        title: tr("Save Image As"), action: .save, acceptLabel: gtkTranslation("_Save")
      ) { chooser in
        // Replacing is asked below, in the app's words, whichever chooser shows.
        chooser.doOverwriteConfirmation = false
        _ = chooser.setCurrentFolderUri(item.url.deletingLastPathComponent().absoluteString)
        chooser.currentName = item.displayName
      }
      .compactMap(\.first)
      .subscribe(next: { [weak self] url in self?.save(as: url) })
      .disposed(by: bag)
  }

  /// Saves the current image as it shows into `url`; a file already there is replaced
  /// only after the user says so (Cancel is the default).
  func save(as url: URL) {
    let viewModel = browser.viewModel
    guard FileManager.default.fileExists(atPath: url.path) else {
      viewModel.saveCurrent(as: url, replacing: false).subscribe().disposed(by: bag)
      return
    }
    browser.window
      .confirm(
        tr("Replace “%s”?", FilePathBytes.shownName(of: url)),
        detail: tr("A file of that name exists already. Replacing it overwrites its contents."),
        confirmLabel: tr("_Replace"), type: .warning, destructive: true
      )
      .filter { $0 }
      .flatMap(.latest) { _ in viewModel.saveCurrent(as: url, replacing: true) }
      .subscribe()
      .disposed(by: bag)
  }
}
