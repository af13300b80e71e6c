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
  /// The open windows, each with its own view model; the newest last.
  private(set) var browsers: [BrowserWindow] = []
  private(set) var shortcutsWindow: ShortcutsOverview?
  /// The open About dialog, if any.
  private(set) var aboutWindow: AboutWindow?
  /// The settings every window reads and saves (one file, so a problem with it is
  /// reported once).
  private let settings = SettingsFile()
  private let bag = DisposeBag()

  /// An application not yet running.
  init() {
    // The app has no GResource of its own. GtkApplication would otherwise add
    // `/org/reactivegtk/ImageBrowser/icons` to the icon theme, and GTK's first look into
    // the theme would search that resource folder for every one of hicolor's 649 folders.
    application.resourceBasePath = nil
    // The dark style is asked for before GTK loads its theme, so the theme is parsed
    // once (the window's `DarkStyle` then finds it set and follows later changes).
    if settings.load().prefersDarkStyle { application.startsWithDarkTheme() }
    application.rx.activate
      .subscribe(next: { [weak self] in self?.activate() })
      .disposed(by: bag)
    application.rx.open
      .map { files, _ in Self.urls(files) }
      .subscribe(next: { [weak self] urls in self?.open(urls) })
      .disposed(by: bag)
    application.rx.startup
      .subscribe(next: { [weak self] in self?.addActions() })
      .disposed(by: bag)
  }

  /// The `app.` actions of the action table.
  private func addActions() {
    func add(_ name: String, _ body: @escaping () -> Void) {
      let command = Command<Void, Void, Never> { _ in
        body()
        return .empty()
      }
      application.addAction(
        name, command: command,
        accelerators: BrowserAction.named(name).keys.filter { KeyChord($0).isAccelerator }
      )
      .disposed(by: bag)
    }
    add("new-window") { [weak self] in self?.makeWindow(opening: [Samples.folder()]) }
    add("quit") { [weak self] in
      for browser in self?.browsers ?? [] { browser.window.close() }
    }
    add("shortcuts") { [weak self] in self?.showShortcuts() }
    add("help") { [weak self] in self?.showHelp() }
    add("about") { [weak self] in self?.showAbout() }
  }

  /// Shows the About dialog over the active window, or raises it.
  func showAbout() {
    let about = aboutWindow ?? AboutWindow()
    if aboutWindow == nil {
      about.onClose = { [weak self] in self?.aboutWindow = nil }
      aboutWindow = about
    }
    about.present(over: application.activeWindow)
  }

  /// Shows the shortcuts window, made once and hidden, not destroyed, when closed.
  private func showShortcuts() {
    let shortcuts = shortcutsWindow ?? ShortcutsOverview(actions: BrowserAction.all)
    shortcutsWindow = shortcuts
    shortcuts.present(over: application.activeWindow)
  }

  private func showHelp() {
    let page = Samples.folder().deletingLastPathComponent()
      .appendingPathComponent("help/index.html")
    do {
      try AnyAppInfo.launchDefaultForUri(page.absoluteString, context: nil)
    } catch {
      browsers.last?.viewModel.notice.value = Notice(
        message: tr("Cannot open the help: %s", "\(error)"), isFailure: true)
    }
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
    if let browser = browsers.last {
      browser.window.present()
      return
    }
    makeWindow(opening: [Samples.folder()])
  }

  /// Opens `urls` in the window last used (a new one if none is open).
  private func open(_ urls: [URL]) {
    let active = browsers.last { $0.window == application.activeWindow }
    if let browser = active ?? browsers.last {
      browser.open(urls)
      browser.window.present()
      return
    }
    let browser = makeWindow(opening: urls)
    browser.recent.add(urls)
    browser.window.present()
  }

  /// A new window showing `urls`. Its view model starts opening them before the window
  /// is built: the folder is listed on a background thread while the main one builds the
  /// window (for 10,000 photos each takes tens of milliseconds), and the listing reaches
  /// the window through the main loop, once it is built.
  @discardableResult
  private func makeWindow(opening urls: [URL]) -> BrowserWindow {
    let viewModel = AppViewModel(
      scanner: FolderScanner(
        formats: PixbufLoader.supportedFormats(), unshowable: RawPreview.unshownReason),
      images: PixbufLoader(decoding: .shared),
      thumbnails: PixbufLoader(
        decoding: .thumbnails, previews: .shared, thumbnailCache: ThumbnailCache()),
      settings: settings,
      main: MainLoopScheduler.main,
      background: QueueScheduler(qos: .userInitiated, name: "image-browser.folder"),
      imageDecoding: QueueScheduler(qos: .userInteractive, name: "image-browser.images"),
      thumbnailDecoding: NearestFirstThreadPool(),
      editing: QueueScheduler(qos: .userInteractive, name: "image-browser.editing"),
      watcher: FolderMonitor(),
      metadata: Exiv2MetadataReader(),
      metadataReading: QueueScheduler(qos: .userInteractive, name: "image-browser.metadata"),
      files: GioFileOperations(),
      orientations: OrientationWriter(thumbnailCache: ThumbnailCache()))
    viewModel.open(urls)
    // The app icon, from the source tree until it is installed (resources/icons). Its
    // folder is added itself, not as a theme's root: GTK takes an icon lying directly in
    // a search folder as a fallback of every theme, and a root holding `hicolor` would
    // have GTK's first look into the theme test each of hicolor's 649 folders there.
    let icons = Samples.folder().deletingLastPathComponent()
      .appendingPathComponent("icons/hicolor/scalable/apps")
    IconTheme.default?.appendSearchPath(icons.path)
    let window = ApplicationWindow(application: application)
    let browser = BrowserWindow(window: window, viewModel: viewModel, iconName: Self.id)
    browsers.append(browser)
    window.rx.destroyed
      .subscribe(next: { [weak self, weak browser] in
        self?.browsers.removeAll { $0 === browser }
      })
      .disposed(by: bag)
    return browser
  }
}
