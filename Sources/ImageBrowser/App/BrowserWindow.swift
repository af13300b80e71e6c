// The browser window: header bar, viewer with its info overlay, thumbnail strip, shortcuts.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// One browser window and the view model it shows.
///
/// Layout: the header bar as the title bar; the viewer filling the window, with the
/// image information floating over its corner and the properties sidebar at its right
/// (Alt+Return); the thumbnail strip along the bottom (F9 hides it).
/// Keyboard shortcuts are handled on the window before the focused child sees them,
/// per key press: a key the window uses stops there, any other (and typing while the
/// search entry has focus) goes on to the focused widget.
final class BrowserWindow {
  /// The toplevel window.
  let window: Window
  /// The view model every part binds to.
  let viewModel: AppViewModel
  /// The header bar.
  let header: BrowserHeaderBar
  /// The large viewer.
  let viewer: ImageViewer
  /// The thumbnail strip.
  let strip: ThumbnailStrip
  /// The image information, over the viewer.
  let info = Label("")
  /// The camera facts, beside the viewer.
  let properties: PropertiesSidebar
  /// The thumbnail strip with its separator, hidden together (F9).
  let stripArea = Box(orientation: .vertical, spacing: 0)
  /// The keys and dialog of the view choices.
  private(set) var viewControls: ViewControls!

  private var chooser: FileChooserNative?
  private let bag = DisposeBag()

  /// Builds the window's contents inside `window` around `viewModel`.
  init(window: Window, viewModel: AppViewModel) {
    self.window = window
    self.viewModel = viewModel
    viewer = ImageViewer(viewModel: viewModel)
    strip = ThumbnailStrip(viewModel: viewModel)
    header = BrowserHeaderBar(viewModel: viewModel, viewer: viewer)
    properties = PropertiesSidebar(viewModel: viewModel)
    Self.installStyle()
    window.setDefaultSize(1100, height: 700)
    window.titlebar = header.widget
    window.accessibleName = "Image Browser"

    let overlay = Overlay()
    overlay.add(viewer.widget)
    info.styleContext?.addClass("image-info")
    info.halign = .end
    info.valign = .start
    info.marginTop = 12
    info.marginEnd = 12
    info.noShowAll = true
    info.accessibleName = "Image information"
    overlay.addOverlay(info)

    let main = Box(orientation: .horizontal, spacing: 0)
    main.packStart(overlay, expand: true, fill: true, padding: 0)
    main.packStart(properties.widget, expand: false, fill: true, padding: 0)
    stripArea.packStart(Separator(orientation: .horizontal), expand: false, fill: true, padding: 0)
    stripArea.packStart(strip.widget, expand: false, fill: true, padding: 0)
    let content = Box(orientation: .vertical, spacing: 0)
    content.packStart(main, expand: true, fill: true, padding: 0)
    content.packStart(stripArea, expand: false, fill: true, padding: 0)
    window.add(content)

    bind()
    bindKeys()
    viewControls = ViewControls(
      window: window, preferences: viewModel.preferences, menu: header.viewMenu)
    stripArea.showAll()
    stripArea.noShowAll = true
    viewModel.preferences.showsStrip.signal.bind(to: stripArea.rx.isVisible).disposed(by: bag)
    window.showAll()
    viewer.canvas.grabFocus()
  }

  private func bind() {
    viewModel.title.signal.bind(to: window.rx.title).disposed(by: bag)
    header.infoToggle.rx.isActive.values.bind(to: info.rx.isVisible).disposed(by: bag)
    viewModel.info.map { $0.map(Self.markup) ?? "" }
      .subscribe(next: { [weak self] text in self?.info.setMarkup(text) })
      .disposed(by: bag)
    header.fullscreenToggle.rx.isActive.changes
      .subscribe(next: { [weak self] fullscreen in self?.setFullscreen(fullscreen) })
      .disposed(by: bag)
    viewModel.isListing.signal.combineLatest(with: strip.pendingThumbnails.signal)
      .combineLatest(with: viewModel.isSorting.signal)
      .map { listingAndPending, sorting -> String? in
        let (listing, pending) = listingAndPending
        if listing { return "Reading the folder…" }
        if sorting { return "Sorting…" }
        return pending > 0 ? "Making thumbnails (\(pending) to go)" : nil
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] activity in self?.header.showProgress(activity) })
      .disposed(by: bag)
    header.openButton.rx.clicked
      .subscribe(next: { [weak self] in self?.chooseFolder() })
      .disposed(by: bag)
  }

  // MARK: Keys

  /// Shortcuts, on the window before the focused child sees the key: each key press the
  /// window uses is stopped there, every other one goes on (typing into the search entry).
  private func bindKeys() {
    window.rx.keyPressEvent
      .subscribe(next: { [weak self] event in
        if self?.handle(event.arguments) == true { event.stop() }
      })
      .disposed(by: bag)
  }

  /// Handles a shortcut; returns whether the key was one.
  func handle(_ key: KeyEvent) -> Bool {
    let searching = header.searchEntry.hasFocus
    let control = key.modifiers.contains(.control)
    switch (key.name, control) {
    case ("F11", _): header.fullscreenToggle.isActive.toggle()
    case ("o", true): chooseFolder()
    case ("f", true): header.searchEntry.grabFocus()
    case ("Escape", _):
      if searching {
        viewer.canvas.grabFocus()
      } else if header.fullscreenToggle.isActive {
        header.fullscreenToggle.isActive = false
      } else if viewModel.isSlideshowRunning.value {
        viewModel.stopSlideshow()
      } else {
        return false
      }
    case _ where searching || control:
      return false
    case ("Left", _), ("KP_Left", _), ("Page_Up", _), ("KP_Page_Up", _), ("BackSpace", _):
      viewer.page(by: -1)
    case ("Right", _), ("KP_Right", _), ("Page_Down", _), ("KP_Page_Down", _), ("space", _):
      viewer.page(by: 1)
    case ("Home", _), ("KP_Home", _): viewer.page(to: 0)
    case ("End", _), ("KP_End", _): viewer.page(to: max(0, viewModel.items.value.count - 1))
    case ("plus", _), ("equal", _), ("KP_Add", _): viewModel.zoomIn(fitScale: viewer.fitScale)
    case ("minus", _), ("KP_Subtract", _): viewModel.zoomOut(fitScale: viewer.fitScale)
    case ("1", _), ("KP_1", _): viewModel.zoomToActualSize()
    case ("f", _), ("F", _): viewModel.zoomToFit()
    case ("s", _): viewModel.toggleSlideshow()
    case ("i", _): header.infoToggle.isActive.toggle()
    default: return false
    }
    return true
  }

  // MARK: Window actions

  private func setFullscreen(_ fullscreen: Bool) {
    if fullscreen { window.fullscreen() } else { window.unfullscreen() }
  }

  /// Asks for a folder with the platform's native chooser and opens it.
  func chooseFolder() {
    let dialog = FileChooserNative(
      title: "Open Folder", parent: window, action: .selectFolder, acceptLabel: "_Open",
      cancelLabel: "_Cancel")
    chooser = dialog
    dialog.rx.response
      .subscribe(next: { [weak self, weak dialog] response in
        guard let self else { return }
        if response == Int(ResponseType.accept.rawValue), let path = dialog?.filename {
          viewModel.open([URL(fileURLWithPath: path)])
        }
        // Released after the signal returns: the chooser emits `response` itself.
        _ = MainLoopScheduler.main.schedule(after: .zero) { [weak self] in self?.chooser = nil }
      })
      .disposed(by: bag)
    dialog.show()
  }

  // MARK: Info

  /// The information panel's text: the name in bold, then one fact per line.
  static func markup(_ info: ImageInfo) -> String {
    (["<b>\(info.name.markupEscaped)</b>"] + info.lines.map(\.markupEscaped))
      .joined(separator: "\n")
  }

  private static var styleInstalled = false

  /// The app's few style rules: the info panel and the viewer (the strip paints itself).
  static func installStyle() {
    guard !styleInstalled, let screen = Screen.default else { return }
    styleInstalled = true
    let css = """
      .image-info { background-color: rgba(0, 0, 0, 0.65); color: #f2f2f2;
        padding: 8px 12px; border-radius: 6px; }
      .viewer { background-color: #212122; }
      .viewer label { color: #e6e6e6; }
      .viewer .viewer-message-detail { color: #a8a8a8; }
      .viewer .viewer-message-icon { color: #8a8a8e; }
      """
    let provider = CssProvider()
    try? provider.loadFromData(css)
    StyleContext.addProviderForScreen(
      screen, provider: provider, priority: StyleProviderPriority.application)
  }
}
