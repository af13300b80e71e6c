// The window's parts its first frame does not show, built once the first image is on screen.
import GtkReactive
import ImageBrowserCore
import Reactive

/// Builds what a window's first frame does not show — the items of the header's primary
/// menu, zoom presets and sort popover, the window's icon, the notification bar while
/// there is no notice, browse mode's grid, fullscreen's toolbar and revealers, the
/// properties sidebar while it is hidden, the button of the files that cannot be shown,
/// the crop bar and rectangle — once the first image is painted, one part per idle turn
/// of the loop, so that neither the first image nor the thumbnails around it wait for
/// them. A part the user reaches sooner is built then: a header menu's items when it
/// opens (`PopupContent`), the notification bar at the first notice, the grid when
/// browse mode opens, fullscreen when the window goes fullscreen, the sidebar when it is
/// shown, the crop parts when crop mode starts (each is a lazy property of
/// `BrowserWindow` or `ImageEditing`; touching it builds it). When the viewer shows a
/// message instead (nothing opened, an empty folder, a file that cannot be shown; not
/// while a folder is still being read) they are built once it is on screen.
///
/// The window owns it; it builds each part once, on the main thread.
final class DeferredParts {
  /// Whether every part has been built.
  private(set) var isBuilt = false
  private unowned let browser: BrowserWindow
  private let pending = SerialDisposable()
  private let bag = DisposeBag()

  /// Waits for `browser`'s first image, then builds its deferred parts.
  init(browser: BrowserWindow) {
    self.browser = browser
    let viewModel = browser.viewModel
    browser.viewer.onImagePainted = { [weak self] in
      guard let self else { return }
      self.browser.viewer.onImagePainted = nil
      // A counted launch ends at this paint (`FirstImageExit`): what follows it is not
      // part of the count.
      if FirstImageExit.isRequested { return }
      buildInTurns()
    }
    browser.viewer.onMessageShown = { [weak self] in
      // Asked again from the loop's next turn: a window is built before the app opens
      // what it was given, so "nothing opened" at once is not yet the answer.
      self?.pending.inner = MainLoopScheduler.main.schedule(after: .zero) { [weak self] in
        guard let self, self.browser.viewer.widget.visibleChildName == "message" else { return }
        if case .opening = self.browser.viewModel.state.value.phase { return }
        buildAll()
      }
    }
    bag.insert(pending)
    viewModel.notice.signal.filter { $0 != nil }
      .subscribe(next: { [weak browser] _ in _ = browser?.noticeBar })
      .disposed(by: bag)
    viewModel.isFullscreen.signal.filter { $0 }
      .subscribe(next: { [weak browser] _ in _ = browser?.fullscreen })
      .disposed(by: bag)
    viewModel.preferences.showsProperties.signal.filter { $0 }
      .subscribe(next: { [weak browser] _ in _ = browser?.properties })
      .disposed(by: bag)
  }

  /// The parts not built yet, in the order they are built.
  private var parts: [(BrowserWindow) -> Void] = [
    { $0.header.buildPopups() }, { $0.showIcon() }, { _ = $0.noticeBar }, { _ = $0.unshownFiles },
    { _ = $0.fullscreen }, { _ = $0.properties }, { _ = $0.grid },
    { $0.editing.buildCropParts() },
  ]

  /// Builds the next part when the loop is idle, then the one after it in a later idle
  /// turn, and so on: the first image's frame goes to the screen first, and a
  /// thumbnail's reply and redraw arriving meanwhile wait for one part at most.
  private func buildInTurns() {
    pending.inner = MainLoopScheduler.main.scheduleWhenIdle { [weak self] in
      guard let self, !isBuilt, !parts.isEmpty else { return }
      parts.removeFirst()(browser)
      if parts.isEmpty { buildAll() } else { buildInTurns() }
    }
  }

  /// Builds every part not built yet.
  func buildAll() {
    guard !isBuilt else { return }
    isBuilt = true
    pending.dispose()
    browser.viewer.onImagePainted = nil
    browser.viewer.onMessageShown = nil
    for part in parts { part(browser) }
    parts = []
  }
}

extension BrowserWindow {
  /// Gives the window, and the windows opened after it, the app's icon (`iconName`): the
  /// window manager's and the window list's, never drawn in the window itself. Loading
  /// it (the SVG drawn at the sizes X asks for) made the first frame 11 M instructions
  /// later.
  func showIcon() {
    guard let iconName else { return }
    Window.setDefaultIconName(iconName)
    window.iconName = iconName
  }

  /// Browse mode's grid, in the pages beside the viewer.
  func makeGrid() -> BrowseGrid {
    let grid = BrowseGrid(viewModel: viewModel)
    pages.addNamed(grid.widget, name: "browse")
    grid.widget.showAll()
    actions?.bindContextClicks(on: grid.canvas)
    return grid
  }

  /// The properties sidebar, at the end of the viewer's row.
  func makeProperties() -> PropertiesSidebar {
    let properties = PropertiesSidebar(viewModel: viewModel)
    mainRow.packStart(properties.widget, expand: false, fill: true, padding: 0)
    properties.widget.showAll()
    properties.widget.isVisible = !viewModel.isFullscreen.value
    return properties
  }

  /// The notification bar, centred at the top of the viewer, above the information
  /// panel and below the rest (as if built with them, whichever was built first).
  func makeNoticeBar() -> NoticeBar {
    let bar = NoticeBar(viewModel: viewModel)
    overlay.addOverlay(bar.widget)
    overlay.reorderOverlay(bar.widget, index: 1)
    bar.widget.showAll()
    return bar
  }

  /// The button of the files that cannot be shown, over the viewer's corner, above the
  /// information panel and the notices and below the rest (as if built with them).
  func makeUnshownFiles() -> UnshownFilesButton {
    let unshown = UnshownFilesButton(viewModel: viewModel)
    overlay.addOverlay(unshown.widget)
    overlay.reorderOverlay(unshown.widget, index: 2)
    return unshown
  }

  /// Fullscreen's toolbar and strip revealers, over the viewer after the unshown files'
  /// button and under the crop bar (as if built with them).
  func makeFullscreen() -> FullscreenMode {
    _ = unshownFiles
    let fullscreen = FullscreenMode(browser: self, overlay: overlay, content: content)
    overlay.reorderOverlay(fullscreen.topRevealer, index: 3)
    overlay.reorderOverlay(fullscreen.bottomRevealer, index: 4)
    return fullscreen
  }
}
