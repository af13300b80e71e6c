// The browser window: header bar, viewer with its info overlay, thumbnail strip, shortcuts.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// One browser window and the view model it shows.
///
/// Layout: the header bar as the title bar; the viewer filling the window, with the
/// image information floating over its corner and file-action notices at its top, the
/// properties sidebar at its right (Alt+Return); the thumbnail strip along the bottom
/// (F9 hides it). Fullscreen (`FullscreenMode`) shows the image alone, the toolbar and
/// strip sliding in from the edges. Every user action is a GAction of the window (`BrowserWindowActions`),
/// reached from keys, buttons and menus alike.
final class BrowserWindow {
  /// The toplevel window.
  let window: ApplicationWindow
  /// The view model every part binds to.
  let viewModel: AppViewModel
  /// The header bar.
  let header: BrowserHeaderBar
  /// The large viewer.
  let viewer: ImageViewer
  /// The thumbnail strip.
  let strip: ThumbnailStrip
  /// Browse mode's grid of subfolders and thumbnails, in place of the viewer: built after
  /// the first image, or when first used (`DeferredParts`).
  private(set) lazy var grid: BrowseGrid = makeGrid()
  /// The viewer and the grid, one shown at a time (`BrowseMode`).
  let pages = Stack()
  /// The image information, over the viewer.
  let info = Label("")
  /// The camera facts, beside the viewer: built at once when they show from the start,
  /// otherwise after the first image or when first shown (`DeferredParts`).
  private(set) lazy var properties: PropertiesSidebar = makeProperties()
  /// The thumbnail strip with its separator, hidden together (F9).
  let stripArea = Box(orientation: .vertical, spacing: 0)
  /// The keys and dialog of the view choices.
  private(set) var viewControls: ViewControls!
  /// Fullscreen: the toolbar and strip over the image's edges; built after the first
  /// image, or when the window first goes fullscreen (`DeferredParts`).
  private(set) lazy var fullscreen: FullscreenMode = makeFullscreen()

  /// The notification bar for file actions (Undo after the trash, failures): built
  /// after the first image, or at the first notice (`DeferredParts`).
  private(set) lazy var noticeBar: NoticeBar = makeNoticeBar()
  /// "2 files cannot be shown", over the viewer's corner; built after the first image,
  /// or when first used (`DeferredParts`).
  private(set) lazy var unshownFiles: UnshownFilesButton = makeUnshownFiles()
  /// The parts built once the first image is on screen.
  private(set) var deferredParts: DeferredParts!
  /// The viewer and its overlays (the information, notices, bars).
  let overlay = Overlay()
  /// The viewer's row above the strip: the overlay, then the properties sidebar.
  let mainRow = Box(orientation: .horizontal, spacing: 0)
  /// The window's one child: the viewer's row above the strip.
  let content = Box(orientation: .vertical, spacing: 0)
  /// The window's actions and menus.
  private(set) var actions: BrowserWindowActions?
  /// The desktop services the image actions use (the user's, or a test's).
  let desktop: Desktop
  /// The recently used images: opened files are added, *Open Recent* lists them.
  let recent: RecentImages
  /// Asks before the window closes with edits not saved.
  private(set) var unsavedEdits: UnsavedEditsGuard?
  /// Crop mode, the resize dialog and Save As.
  private(set) var editing: ImageEditing!
  /// The app's icon, given to the window and its dialogs after the first image
  /// (`DeferredParts`); `nil` leaves GTK's default.
  let iconName: String?
  /// The viewer's size the window's first layout was foretold to give it, in device
  /// pixels (`expectViewerSize(in:above:defaultSize:viewModel:)`).
  let expectedViewport: PixelSize
  /// Every frame's time, when a benchmark asks for it (`$IMAGE_BROWSER_FRAME_TIMES`).
  private var frameTimes: FrameTimeLog?
  let bag = DisposeBag()

  /// Builds the window's contents inside `window` around `viewModel`; the window and the
  /// dialogs opened after it get the icon named `iconName` once the first image shows.
  init(
    window: ApplicationWindow, viewModel: AppViewModel, desktop: Desktop = .user(),
    iconName: String? = nil
  ) {
    self.window = window
    self.iconName = iconName
    self.viewModel = viewModel
    self.desktop = desktop
    recent = RecentImages(manager: desktop.recentManager)
    Self.installStyle()
    let (width, height) = Self.defaultSize(on: window)
    window.setDefaultSize(width, height: height)
    // The strip first, in its place: with it the viewer's size is known, and the first
    // image decodes while the rest of the window is built.
    strip = ThumbnailStrip(viewModel: viewModel)
    stripArea.packStart(Separator(orientation: .horizontal), expand: false, fill: true, padding: 0)
    stripArea.packStart(strip.widget, expand: false, fill: true, padding: 0)
    content.packStart(mainRow, expand: true, fill: true, padding: 0)
    content.packStart(stripArea, expand: false, fill: true, padding: 0)
    window.add(content)
    stripArea.showAll()
    stripArea.noShowAll = true
    expectedViewport = Self.expectViewerSize(
      in: window, above: stripArea, defaultSize: (width, height), viewModel: viewModel)

    viewer = ImageViewer(viewModel: viewModel)
    header = BrowserHeaderBar(viewModel: viewModel, menu: BrowserMenus.primary(recent: recent.menu))
    window.titlebar = header.widget

    pages.addNamed(viewer.widget, name: "viewer")
    overlay.add(pages)
    info.styleContext?.addClass("image-info")
    info.halign = .end
    info.valign = .start
    info.marginTop = 12
    info.marginEnd = 12
    info.noShowAll = true
    info.accessibleName = tr("Image information")
    overlay.addOverlay(info)

    mainRow.packStart(overlay, expand: true, fill: true, padding: 0)

    bind()
    bindAccessibleNames()
    viewControls = ViewControls(window: window, preferences: viewModel.preferences)
    editing = ImageEditing(browser: self, overlay: overlay)
    DarkStyle.bind(viewModel.preferences).disposed(by: bag)
    actions = BrowserWindowActions(browser: self)
    bindDragAndDrop()
    HistoryButtons.bind(window).disposed(by: bag)
    unsavedEdits = UnsavedEditsGuard(window: window, viewModel: viewModel)
    frameTimes = FrameTimeLog.start(for: window)
    window.showAll()
    BrowseMode.bind(self).disposed(by: bag)
    deferredParts = DeferredParts(browser: self)
    viewer.canvas.grabFocus()
    viewer.updateMessage()
  }

  /// Opens `urls` (files or a folder the user chose, dropped or picked from Open
  /// Recent) and adds them to the recently used list.
  func open(_ urls: [URL]) {
    recent.add(urls)
    viewModel.open(urls)
  }

  private func bind() {
    // Every allocation, not only a change of width: a new title, a spinner or a zoom
    // text changes what the bar needs at the same width (`fit` changes nothing when the
    // form stays).
    header.widget.rx.sizeAllocate
      .subscribe(next: { [weak self] allocation in self?.header.fit(width: allocation.width) })
      .disposed(by: bag)
    viewModel.title.signal.bind(to: window.rx.title).disposed(by: bag)
    // Return in the zoom field applies the zoom and gives the keys back to the image, so
    // the arrows page and Escape leaves fullscreen again.
    header.zoomControl.entry.rx.activate
      .subscribe(next: { [weak self] in self?.viewer.canvas.grabFocus() })
      .disposed(by: bag)
    let infoShows = viewModel.showsInfo.signal.combineLatest(with: viewModel.isFullscreen.signal)
      .map { shows, fullscreen in shows && !fullscreen }
      .distinctUntilChanged()
    infoShows.bind(to: info.rx.isVisible).disposed(by: bag)
    // The facts are read (a `stat` per image) and formatted only while they show: hidden,
    // they cost every page that work, and the first image a formatter's start (ICU) on
    // the main thread before its paint.
    infoShows
      .flatMap(.latest) { [weak viewModel] shows -> Signal<String, Never> in
        guard shows, let viewModel else { return .just("") }
        return viewModel.info.map { $0.map(Self.markup) ?? "" }
      }
      .subscribe(next: { [weak self] text in self?.info.setMarkup(text) })
      .disposed(by: bag)
    viewModel.windowFullscreen.requests
      .subscribe(next: { [weak self] fullscreen in
        guard let window = self?.window else { return }
        if fullscreen { window.fullscreen() } else { window.unfullscreen() }
      })
      .disposed(by: bag)
    // A window manager may leave (or enter) fullscreen by itself: the layout follows.
    window.rx.windowStateEvent
      .map(\.arguments)
      .filter { $0.changed.contains(.fullscreen) }
      .subscribe(next: { [weak self] state in
        self?.viewModel.windowFullscreen.windowChanged(isFullscreen: state.isFullscreen)
      })
      .disposed(by: bag)
    viewModel.isListing.signal.combineLatest(with: strip.pendingThumbnails.signal)
      .combineLatest(with: viewModel.isSorting.signal)
      .map { listingAndPending, sorting -> String? in
        let (listing, pending) = listingAndPending
        if listing { return tr("Reading the folder…") }
        if sorting { return tr("Sorting…") }
        guard pending > 0 else { return nil }
        return trn("Making %d thumbnail…", "Making %d thumbnails…", pending)
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] activity in self?.header.showProgress(activity) })
      .disposed(by: bag)
    // A raster zoomed beyond what the decode budget allows says so, once per image (an
    // SVG renders its visible region sharp instead); so does an animation too large to
    // play.
    viewModel.currentImage.signal
      .map { state -> ImageItem? in
        guard let image = state.image, image.notice != nil, image.vector == nil else { return nil }
        return state.item
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] item in
        guard let self, item != nil, let message = viewModel.currentImage.value.image?.notice
        else { return }
        viewModel.notice.value = Notice(message: message)
      })
      .disposed(by: bag)
  }

  // MARK: Size

  /// 1100 × 700, or less where the monitor's work area is smaller (a laptop at scale 2
  /// offers 800 × 500 application pixels of a 1600 × 1000 screen).
  static func defaultSize(on window: Window) -> (width: Int, height: Int) {
    guard let display = Display.default,
      let monitor = display.primaryMonitor ?? display.monitor(0)
    else { return (1100, 700) }
    let area = monitor.workarea
    // GTK 3 counts the default height without the header bar (about 50 pixels) and the
    // window's border: leave room for both.
    return (min(1100, area.width * 9 / 10), min(700, area.height * 9 / 10 - 60))
  }

  // MARK: Info

  /// The information panel's text: the name in bold, then one fact per line.
  static func markup(_ info: ImageInfo) -> String {
    (["<b>\(info.name.markupEscaped)</b>"] + info.lines.map(\.markupEscaped))
      .joined(separator: "\n")
  }

  private static var styleInstalled = false

  /// The app's few style rules: the info panel, the viewer, and the strip's box behind
  /// its scrollbar (the cells paint themselves in the same colour); then browse mode's,
  /// after them (in the other order the header's linked buttons draw their corners a
  /// shade differently), in the same style sheet: two sheets cost the main thread 4.2 M
  /// instructions more before the first image, 3.6 M of it in adding the second to the
  /// screen. Installed before the first window is built: a style sheet added to the
  /// screen later restyles every widget already there.
  static func installStyle() {
    guard !styleInstalled, let screen = Screen.default else { return }
    styleInstalled = true
    let css = """
      .image-info { background-color: rgba(0, 0, 0, 0.65); color: #f2f2f2;
        padding: 8px 12px; border-radius: 6px; }
      .viewer { background-color: #212122; }
      .thumbnail-strip { background-color: #242426; }
      .fullscreen .viewer { background-color: #000000; }
      .viewer label { color: #e6e6e6; }
      .viewer .viewer-message-detail { color: #a8a8a8; }
      .viewer .viewer-message-icon { color: #8a8a8e; }
      """
    let provider = CssProvider()
    try? provider.loadFromData(css + "\n" + BrowseMode.style)
    StyleContext.addProviderForScreen(
      screen, provider: provider, priority: StyleProviderPriority.application)
  }
}
