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
  private var openHandler: OpenHandler?

  /// An application not yet running.
  init() {
    application.rx.activate
      .subscribe(next: { [weak self] in self?.activate() })
      .disposed(by: bag)
    openHandler = OpenHandler(application: application) { [weak self] urls in
      self?.open(urls)
    }
  }

  /// Runs until the window closes; returns the exit status.
  func run(arguments: [String]) -> Int32 {
    application.run(arguments: arguments)
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

/// The `open` signal (`GFile **files, gint n_files, gchar *hint`): three arguments, more
/// than GtkReactive's generic signals take, so it is connected here directly.
private final class OpenHandler {
  private final class Box {
    let open: ([URL]) -> Void
    init(_ open: @escaping ([URL]) -> Void) { self.open = open }
  }

  init(application: Application, open: @escaping ([URL]) -> Void) {
    let box = Unmanaged.passRetained(Box(open)).toOpaque()
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
        UnsafePointer<CChar>?, UnsafeMutableRawPointer?
      ) -> Void = { _, files, count, _, data in
        guard let files, let data else { return }
        var urls: [URL] = []
        for index in 0..<Int(count) {
          guard let file = files[index], let path = g_file_get_path(file) else { continue }
          urls.append(URL(fileURLWithPath: String(cString: path)))
          g_free(path)
        }
        let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { box.open(urls) }
      }
    let release: GClosureNotify = { data, _ in
      if let data { Unmanaged<Box>.fromOpaque(data).release() }
    }
    // The application lives as long as the process: the handler is never disconnected.
    g_signal_connect_data(
      application.pointer, "open", unsafeBitCast(trampoline, to: GCallback.self), box,
      release, GConnectFlags(0))
  }
}
