// The GtkApplication: one instance per user; files and folders open in the running one.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// The image browser as a `GtkApplication` (`org.reactivegtk.ImageBrowser`,
/// handling `open`): `image-browser [FOLDER | FILE…]`.
///
/// GApplication makes it single-instance: a second launch hands its arguments to the
/// first over D-Bus (`open`, or `activate` without arguments) and exits. Without
/// arguments the first instance opens the bundled samples.
final class BrowserApplication {
  /// The application id.
  static let id = "org.reactivegtk.ImageBrowser"

  /// The GTK application.
  let application = Application(applicationId: id, flags: .handlesOpen)
  private var browser: BrowserWindow?
  private let bag = DisposeBag()

  /// An application not yet running.
  init() {
    application.rx.activate
      .subscribe(next: { [weak self] in self?.activate() })
      .disposed(by: bag)
    application.rx.open
      .map { files, _ in Self.urls(files) }
      .subscribe(next: { [weak self] urls in self?.open(urls) })
      .disposed(by: bag)
  }

  /// Runs on the process's command line until the window closes; returns the exit
  /// status.
  func run() -> Int32 {
    application.runWithProcessArguments()
  }

  /// The local files among `files`, with their paths' exact bytes (a name need not be
  /// UTF-8).
  static func urls(_ files: [any File]) -> [URL] {
    files.compactMap { file in file.pathBytes.map { FilePathBytes.url(forPath: $0) } }
  }

  private func activate() {
    if let browser {
      browser.window.present()
      return
    }
    let browser = makeWindow()
    browser.viewModel.open([Samples.folder()])
  }

  private func open(_ urls: [URL]) {
    let browser = self.browser ?? makeWindow()
    browser.viewModel.open(urls)
    browser.window.present()
  }

  private func makeWindow() -> BrowserWindow {
    // The app icon, from the source tree until it is installed (resources/icons).
    let icons = Samples.folder().deletingLastPathComponent().appendingPathComponent("icons")
    IconTheme.default?.appendSearchPath(icons.path)
    Window.setDefaultIconName(Self.id)
    let window = ApplicationWindow(application: application)
    let viewModel = AppViewModel(
      scanner: FolderScanner(formats: PixbufLoader.supportedFormats()),
      images: PixbufLoader(), thumbnails: PixbufLoader(thumbnailCache: ThumbnailCache()),
      settings: SettingsFile(),
      main: MainLoopScheduler.main,
      background: QueueScheduler(qos: .userInitiated, name: "image-browser.folder"),
      imageDecoding: QueueScheduler(qos: .userInteractive, name: "image-browser.images"),
      thumbnailDecoding: DecodePool(),
      watcher: FolderMonitor(),
      metadata: Exiv2MetadataReader(),
      metadataReading: QueueScheduler(qos: .userInteractive, name: "image-browser.metadata"))
    let browser = BrowserWindow(window: window, viewModel: viewModel)
    self.browser = browser
    return browser
  }
}
