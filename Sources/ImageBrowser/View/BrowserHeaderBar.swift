// The header bar: title, open, paging, zoom, sort, slideshow, fullscreen, info and search.
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// The window's header bar. Its buttons name the window's actions (`win.next`,
/// `win.fullscreen`…), so they do what the keys and menus do and turn insensitive with
/// them; the title follows `title`, the sort menu's radio items follow `sortOrder` and
/// choose it, and the search entry feeds `filterText`. The primary menu holds every
/// other action.
final class BrowserHeaderBar {
  /// The header bar widget.
  let widget = HeaderBar()
  /// Opens the folder chooser.
  let openButton = Button(iconName: "folder-open-symbolic", size: .button)
  /// Shows the previous image.
  let previousButton = Button(iconName: "go-previous-symbolic", size: .button)
  /// Shows the next image.
  let nextButton = Button(iconName: "go-next-symbolic", size: .button)
  /// Zooms out one step.
  let zoomOutButton = Button(iconName: "zoom-out-symbolic", size: .button)
  /// Fits the image to the window.
  let zoomFitButton = Button(iconName: "zoom-fit-best-symbolic", size: .button)
  /// Shows the image at 1:1.
  let zoomOriginalButton = Button(iconName: "zoom-original-symbolic", size: .button)
  /// Zooms in one step.
  let zoomInButton = Button(iconName: "zoom-in-symbolic", size: .button)
  /// Starts and stops the slideshow.
  let slideshowToggle = ToggleButton()
  /// Shows or hides the image information.
  let infoToggle = ToggleButton()
  /// Enters and leaves fullscreen.
  let fullscreenToggle = ToggleButton()
  /// Filters the images by name.
  let searchEntry = SearchEntry()
  /// Opens the sort menu (a popover of `sortItems`).
  let sortButton = MenuButton()
  /// The sort menu's radio items, one per order, in `ImageSortOrder.allCases` order.
  let sortItems: [ImageSortOrder: RadioButton]
  /// Turns while a folder is read or thumbnails are made; its tooltip says which.
  let progress = Spinner()
  /// Opens the primary menu (every action, for mouse users and discovery).
  let menuButton = MenuButton()

  private let bag = DisposeBag()

  /// Shows `activity` in the spinner (hidden when `nil`).
  func showProgress(_ activity: String?) {
    if let activity {
      progress.start()
      progress.tooltipText = activity
      progress.isVisible = true
    } else {
      progress.stop()
      progress.isVisible = false
    }
  }

  /// A header bar bound to `viewModel`, whose buttons activate the window's actions.
  init(viewModel: AppViewModel) {
    widget.title = tr("Image Browser")
    widget.showCloseButton = true
    sortItems = Self.makeSortMenu(in: sortButton)
    setIcon(slideshowToggle, "media-playback-start-symbolic")
    setIcon(infoToggle, "dialog-information-symbolic")
    setIcon(fullscreenToggle, "view-fullscreen-symbolic")
    name(openButton, tr("Open"), tooltip: tr("Open files or a folder (Ctrl+O)"))
    // Right to left, the arrow keys swap (see `BrowserAction.keys(rightToLeft:)`), and
    // GTK mirrors the buttons and their arrows.
    let (back, forward) =
      // TRANSLATORS: the arrow keys, named in the previous and next buttons' tooltips.
      widget.direction == .rtl ? (tr("Right"), tr("Left")) : (tr("Left"), tr("Right"))
    name(previousButton, tr("Previous image"), tooltip: tr("Previous image (%s)", back))
    name(nextButton, tr("Next image"), tooltip: tr("Next image (%s)", forward))
    name(zoomOutButton, tr("Zoom out"), tooltip: tr("Zoom out (−)"))
    name(zoomFitButton, tr("Zoom to fit"), tooltip: tr("Fit to the window (F)"))
    name(zoomOriginalButton, tr("Original size"), tooltip: tr("Original size (1)"))
    name(zoomInButton, tr("Zoom in"), tooltip: tr("Zoom in (+)"))
    name(slideshowToggle, tr("Slideshow"), tooltip: tr("Slideshow (F5)"))
    name(infoToggle, tr("Image information"), tooltip: tr("Image information (I)"))
    name(fullscreenToggle, tr("Fullscreen"), tooltip: tr("Fullscreen (F11)"))
    name(sortButton, tr("Sort by"), tooltip: tr("Sort by name, date, size or date taken"))
    searchEntry.accessibleName = tr("Filter by name")
    searchEntry.tooltipText = tr("Filter by name (Ctrl+F)")
    searchEntry.placeholderText = tr("Filter by name")
    searchEntry.widthChars = 14

    let paging = Box(orientation: .horizontal, spacing: 0)
    paging.styleContext?.addClass("linked")
    for button in [previousButton, nextButton] {
      paging.packStart(button, expand: false, fill: true, padding: 0)
    }
    let zoom = Box(orientation: .horizontal, spacing: 0)
    zoom.styleContext?.addClass("linked")
    for button in [zoomOutButton, zoomFitButton, zoomOriginalButton, zoomInButton] {
      zoom.packStart(button, expand: false, fill: true, padding: 0)
    }
    widget.packStart(openButton)
    widget.packStart(paging)
    widget.packStart(zoom)
    menuButton.image = Image(iconName: "open-menu-symbolic", size: .button)
    menuButton.menuModel = BrowserMenus.primary()
    name(menuButton, tr("Main menu"), tooltip: tr("Main menu (F10)"))
    widget.packEnd(menuButton)
    widget.packEnd(fullscreenToggle)
    widget.packEnd(infoToggle)
    widget.packEnd(sortButton)
    widget.packEnd(slideshowToggle)
    widget.packEnd(searchEntry)
    widget.packEnd(progress)
    progress.accessibleName = tr("Progress")
    progress.noShowAll = true

    viewModel.title.signal.map { Self.headerTitle($0) }.bind(to: widget.rx.title)
      .disposed(by: bag)
    let actions: [(Actionable, String)] = [
      (openButton, "win.open"), (previousButton, "win.previous"), (nextButton, "win.next"),
      (zoomOutButton, "win.zoom-out"), (zoomFitButton, "win.zoom-fit"),
      (zoomOriginalButton, "win.zoom-original"), (zoomInButton, "win.zoom-in"),
      (slideshowToggle, "win.slideshow"), (infoToggle, "win.info"),
      (fullscreenToggle, "win.fullscreen"),
    ]
    for (button, action) in actions { button.actionName = action }
    viewModel.isSlideshowRunning.signal
      .map { $0 ? "media-playback-pause-symbolic" : "media-playback-start-symbolic" }
      .subscribe(next: { [weak self] icon in
        guard let self else { return }
        setIcon(slideshowToggle, icon)
      })
      .disposed(by: bag)
    for (order, item) in sortItems {
      // The sink sets the radio without echo; GTK then clears the other radio of the
      // group, whose `false` the filter below drops.
      viewModel.sortOrder.signal.map { $0 == order }.bind(to: item.rx.isActive)
        .disposed(by: bag)
      item.rx.isActive.changes.filter { $0 }
        .subscribe(next: { _ in viewModel.sort(by: order) })
        .disposed(by: bag)
    }
    searchEntry.rx.text.changes
      .subscribe(next: { text in viewModel.filterText.value = text })
      .disposed(by: bag)
  }

  /// Gives `button` (a `GtkMenuButton`) a popover of one radio item per sort order and
  /// returns the items.
  private static func makeSortMenu(in button: MenuButton) -> [ImageSortOrder: RadioButton] {
    let popover = Popover(relativeTo: button)
    let box = Box(orientation: .vertical, spacing: 2)
    box.borderWidth = 8
    var items: [ImageSortOrder: RadioButton] = [:]
    var group: RadioButton?
    for order in ImageSortOrder.allCases {
      let item = RadioButton(radioGroupMember: group, label: order.title)
      group = item
      item.accessibleName = order.accessibleTitle
      box.packStart(item, expand: false, fill: true, padding: 0)
      items[order] = item
    }
    box.showAll()
    popover.add(box)
    button.setPopover(popover)
    button.image = Image(iconName: "view-sort-ascending-symbolic", size: .button)
    return items
  }

  /// The header shows the title without the app's name (the window title keeps it).
  static func headerTitle(_ title: String) -> String {
    title.replacingOccurrences(of: BrowserState.windowTitle(""), with: "")
  }

  private func name(_ widget: Widget, _ name: String, tooltip: String) {
    widget.accessibleName = name
    widget.tooltipText = tooltip
    widget.focusOnClick = false
  }

  private func setIcon(_ button: Button, _ icon: String) {
    button.image = Image(iconName: icon, size: .button)
  }
}
