// The GtkApplication: one instance per user; files and folders open in the running one.
import CGtk
import Foundation
import GtkReactive
import Reactive

/// The image browser as a `GtkApplication` (`org.reactivegtk.ImageBrowser`,
/// `G_APPLICATION_HANDLES_OPEN`): `image-browser [FOLDER | FILE…]`.
///
/// GApplication makes it single-instance: a second launch hands its arguments to the
/// first over D-Bus (`open`, or `activate` without arguments) and exits. Without
/// arguments the first instance opens the bundled samples.
final class BrowserApplication {
  /// The application id.
  static let id = "org.reactivegtk.ImageBrowser"

  /// The GTK application.
  let application = Application(id: id, flags: G_APPLICATION_HANDLES_OPEN)
  private var browser: BrowserWindow?
  private let bag = DisposeBag()

  /// An application not yet running.
  init() {
    application.rx.activate
      .subscribe(next: { [weak self] in self?.activate() })
      .disposed(by: bag)
    // `open(GFile **files, gint n_files, gchar *hint)`.
    application.rx.signal(
      named: "open",
      arguments: (UnsafeMutableRawPointer?.self, Int32.self, UnsafeMutableRawPointer?.self)
    )
    .map { files, count, _ in Self.urls(files, count: Int(count)) }
    .subscribe(next: { [weak self] urls in self?.open(urls) })
    .disposed(by: bag)
  }

  /// Runs on the process's command line until the window closes; returns the exit
  /// status.
  func run() -> Int32 {
    application.runWithProcessArguments()
  }

  /// The local files of a `GFile *` array, with their paths' exact bytes (a name need
  /// not be UTF-8).
  static func urls(_ files: UnsafeMutableRawPointer?, count: Int) -> [URL] {
    guard let files else { return [] }
    let array = files.assumingMemoryBound(to: OpaquePointer?.self)
    return (0..<count).compactMap { index in
      guard let file = array[index], let path = g_file_get_path(file) else { return nil }
      defer { g_free(path) }
      return FilePathBytes.url(forPath: UnsafeRawBufferPointer(start: path, count: strlen(path)))
    }
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
    gtk_icon_theme_append_search_path(gtk_icon_theme_get_default(), icons.path)
    gtk_window_set_default_icon_name(Self.id)
    let window = ApplicationWindow(application: application)
    let viewModel = AppViewModel(
      scanner: FolderScanner(formats: PixbufLoader.supportedFormats()),
      images: PixbufLoader(), thumbnails: PixbufLoader(thumbnailCache: ThumbnailCache()),
      settings: SettingsFile(),
      main: MainLoopScheduler.main,
      background: QueueScheduler(qos: .userInitiated, name: "image-browser.folder"),
      imageDecoding: QueueScheduler(qos: .userInteractive, name: "image-browser.images"),
      thumbnailDecoding: DecodePool(),
      watcher: FolderMonitor())
    let browser = BrowserWindow(window: window, viewModel: viewModel)
    self.browser = browser
    return browser
  }
}
