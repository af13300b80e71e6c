// The image actions that reach the desktop: copy the image, open with, show in folder.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// What the window does with the image the view model's desktop commands send: copy it
/// to the clipboard, open it with an application the user picks, show it in the file
/// manager, set it as the wallpaper (`Wallpaper`), print it (`ImagePrinter`). Failures
/// show in the window's notice bar.
@MainActor
final class ImageActions {
  private unowned let browser: BrowserWindow
  private let desktop: Desktop
  private let bag = DisposeBag()
  private let copying = SerialDisposable()
  private let choosing = SerialDisposable()
  private let showing = SerialDisposable()
  /// Full-resolution decoding for the clipboard and printing, off the main thread.
  private let decoding = QueueScheduler(qos: .userInitiated, name: "image-browser.actions")
  /// The application chooser last shown.
  private(set) var appChooser: AppChooserDialog?
  /// The wallpaper action.
  let wallpaper: Wallpaper
  /// The print action.
  let printer: ImagePrinter

  /// Observes `browser`'s desktop commands.
  init(browser: BrowserWindow, desktop: Desktop) {
    self.browser = browser
    self.desktop = desktop
    wallpaper = Wallpaper(desktop: desktop)
    printer = ImagePrinter()
    for disposable in [copying, choosing, showing] { bag.insert(disposable) }
    let commands = browser.viewModel.commands
    commands.copyImage.values
      .subscribe(next: { [weak self] item in self?.copyImage(item) })
      .disposed(by: bag)
    commands.openWith.values
      .subscribe(next: { [weak self] item in self?.chooseApplication(for: item) })
      .disposed(by: bag)
    commands.showInFolder.values
      .subscribe(next: { [weak self] item in self?.showInFolder(item) })
      .disposed(by: bag)
    commands.setAsWallpaper.values
      .flatMap(.latest) { [wallpaper] item in wallpaper.set(item) }
      .subscribe(next: { [weak self] notice in self?.say(notice) })
      .disposed(by: bag)
    commands.print.values
      .flatMap(.latest) { [weak self] item in
        self?.decodedFullSize(item, surface: true) ?? .empty()
      }
      .subscribe(next: { [weak self] result in self?.print(result) })
      .disposed(by: bag)
  }

  private func say(_ notice: Notice?) {
    if let notice { browser.viewModel.notice.value = notice }
  }

  private func fail(_ message: String) {
    say(Notice(message: message, isFailure: true))
  }

  // MARK: Decoding

  /// `item` decoded at full resolution on the background queue, delivered on the main
  /// thread (a failure as its message).
  func decodedFullSize(
    _ item: ImageItem, surface: Bool
  ) -> Signal<(ImageItem, Result<DecodedImage, ImageLoadError>), Never> {
    Signal { observer, lifetime in
      switch ImageDecoding.shared.decode(
        item.url, fitting: nil, isCancelled: { lifetime.hasEnded })
      {
      case .success(let image):
        observer.send((item, .success(surface ? image.withSurface() : image)))
      case .failure(.cancelled):
        break
      case .failure(let failure):
        let message = failure.message ?? ""
        observer.send((item, .failure(ImageLoadError(item: item, message: message))))
      }
      observer.sendCompleted()
      return Disposables.empty
    }
    .subscribe(on: decoding)
    .observe(on: MainLoopScheduler.main)
  }

  // MARK: Copy

  /// Copy (Ctrl+C). Several images picked in the grid, `item` among them: their files,
  /// as a file manager copies files (`copiedFiles(_:)`), at once. Otherwise `item` as an
  /// image, decoded at full resolution (not the viewer's screen-sized copy) so another
  /// application pastes every pixel, offered with its file too, so that pasting into a
  /// file manager copies the file itself.
  private func copyImage(_ item: ImageItem) {
    let picked = browser.viewModel.state.value.pickedItems
    if picked.count > 1, picked.contains(item) {
      copying.inner = nil
      Self.clipboard?.setContents(Self.copiedFiles(picked))
      return
    }
    copying.inner = decodedFullSize(item, surface: false)
      .subscribe(next: { [weak self] item, result in
        switch result {
        case .success(let image):
          var contents = ClipboardContents(image: Pixbuf(retaining: image.pixbuf))
          contents.targets = Self.copiedFiles([item]).targets
          Self.clipboard?.setContents(contents)
        case .failure(let error):
          self?.fail(tr("Cannot copy “%1$s”: %2$s", item.shownName, error.message))
        }
      })
  }

  /// The desktop's clipboard (the one Ctrl+V pastes from).
  private static var clipboard: Clipboard? {
    Display.default.flatMap { Clipboard.getDefault($0) }
  }

  /// `items` as a file manager puts copied files on the clipboard: GNOME's
  /// `x-special/gnome-copied-files` (`copy` and a URI a line: Nautilus and the file
  /// choosers paste the files), a `text/uri-list` (other file managers, mail, a
  /// browser's upload), and their paths as text, one a line.
  static func copiedFiles(_ items: [ImageItem]) -> ClipboardContents {
    let uris = items.map(\.url.absoluteString)
    return ClipboardContents(
      text: items.map(\.url.path).joined(separator: "\n"), uris: uris,
      targets: [
        .init("x-special/gnome-copied-files", text: (["copy"] + uris).joined(separator: "\n"))
      ])
  }

  // MARK: Print

  /// Prints the decoded image through the print dialog; says why when it cannot.
  private func print(_ decoded: (ImageItem, Result<DecodedImage, ImageLoadError>)) {
    let (item, result) = decoded
    switch result {
    case .success(let image):
      printer.print(image, name: item.shownName, parent: browser.window) { [weak self] message in
        if let message { self?.fail(tr("Cannot print “%1$s”: %2$s", item.shownName, message)) }
      }
    case .failure(let error):
      fail(tr("Cannot print “%1$s”: %2$s", item.shownName, error.message))
    }
  }

  // MARK: Open with

  /// Shows GTK's application chooser for `item`'s content type; opens it with the
  /// application picked.
  private func chooseApplication(for item: ImageItem) {
    guard let file = AnyFile.newForPath(item.url.path) else { return }
    let dialog = AppChooserDialog(
      parent: browser.window, flags: [.modal, .destroyWithParent], file: file)
    // TRANSLATORS: the heading of the application chooser; %s is the image's file name.
    dialog.heading = tr("Open “%s” with:", item.shownName)
    appChooser = dialog
    choosing.inner = dialog.rx.responses.take(1)
      .subscribe(next: { [weak self, weak dialog] response in
        let application = response == .ok ? dialog?.appInfo : nil
        dialog?.dismiss()
        self?.appChooser = nil
        if let application { self?.open(item, with: application) }
      })
    dialog.show()
  }

  /// Launches `application` with `item`'s file; says so when it cannot start.
  func open(_ item: ImageItem, with application: any AppInfo) {
    do {
      try application.launch([item.url])
    } catch {
      let name = application.displayName
      // TRANSLATORS: %1$s is the image's file name, %2$s the application's name, %3$s why.
      fail(tr("Cannot open “%1$s” with %2$s: %3$s", item.shownName, name, error.message))
    }
  }

  // MARK: Show in folder

  /// Asks the file manager to show `item` selected in its folder
  /// (`org.freedesktop.FileManager1.ShowItems`); without a file manager on the bus,
  /// opens the folder with its default application; says so when neither works.
  private func showInFolder(_ item: ImageItem) {
    let call = DBusMethodCall(
      destination: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
      interface: "org.freedesktop.FileManager1", method: "ShowItems",
      arguments: [.strings([item.url.absoluteString]), .string("")])
    showing.inner = call.send(on: desktop.bus)
      .subscribe(error: { [weak self] _ in self?.openFolder(of: item) })
  }

  private func openFolder(of item: ImageItem) {
    let folder = item.url.deletingLastPathComponent()
    do {
      try desktop.openURI(folder.absoluteString)
    } catch {
      fail(
        tr(
          "Cannot show “%1$s” in its folder: no file manager answered, and the folder cannot be opened (%2$s).",
          item.shownName, Self.message(of: error)))
    }
  }

  static func message(of error: any Error) -> String {
    (error as? GLibError)?.message ?? "\(error)"
  }
}
