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
  /// Switches between the browse grid and the viewer.
  let browseToggle = ToggleButton()
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
  /// The sort button's menu: the orders and the direction.
  let sortMenu: SortMenu
  /// The sort menu's radio items, one per order.
  var sortItems: [ImageSortOrder: RadioButton] { sortMenu.items }
  /// Turns while a folder is read or thumbnails are made; its tooltip says which.
  let progress = Spinner()
  /// Opens the primary menu (every action, for mouse users and discovery).
  let menuButton = MenuButton()
  /// The primary menu's items (`menuButton`'s menu shows them).
  let menuModel: MenuModel
  /// The primary menu's, the zoom presets' and the sort popover's items, built when each
  /// first opens or once the first image is on screen (`buildPopups`).
  private var popups: [PopupContent] = []
  /// The current image's name, shortened in the middle when the bar is narrow.
  let nameLabel = Label("")
  /// The current image's position, "(3 of 13)": never shortened.
  let positionLabel = Label("")
  /// The controls a narrow window folds into the primary menu: open, browse, zoom, and
  /// slideshow, sort, information and fullscreen.
  private(set) lazy var secondaryControls: [Widget] = [
    openButton, browseToggle, zoomClip, endClip,
  ]
  /// Whether the bar is in its narrow form (see `fit(width:)`).
  private(set) var isCompact = false
  private let zoomBox = Box(orientation: .horizontal, spacing: 0)
  /// The zoom level, editable, with presets.
  let zoomControl: ZoomControl
  private let endBox = Box(orientation: .horizontal, spacing: 6)
  private lazy var zoomClip = Self.clip(zoomBox)
  private lazy var endClip = Self.clip(endBox)

  /// The bar's width besides its title and spinner, measured in the full form; the
  /// spinner's with its spacing.
  private var controlsWidth = 0
  private var spinnerWidth = 0
  /// The filter's width in the full bar: its placeholder's.
  private var searchWidth = 0
  /// The title: the name and the position (`makeTitle`).
  private let title: Widget
  /// The bar's width at its last allocation, and the switch waiting for the loop.
  private var latestWidth = 0
  private var pendingFit: Disposable?

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

  /// A header bar bound to `viewModel`, whose buttons activate the window's actions and
  /// whose primary menu shows `menu`.
  init(viewModel: AppViewModel, menu: MenuModel) {
    zoomControl = ZoomControl(viewModel: viewModel)
    menuModel = menu
    title = Self.makeTitle(name: nameLabel, position: positionLabel)
    widget.customTitle = title
    widget.showCloseButton = true
    sortMenu = SortMenu(button: sortButton, viewModel: viewModel)
    setIcon(slideshowToggle, "media-playback-start-symbolic")
    setIcon(infoToggle, "dialog-information-symbolic")
    setIcon(fullscreenToggle, "view-fullscreen-symbolic")
    setIcon(browseToggle, "view-grid-symbolic")
    name(browseToggle, tr("Browse"), tooltip: tr("Browse the folder as a grid (B)"))
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
    // The tooltip names the order in effect (`SortMenu`).
    sortButton.accessibleName = tr("Sort by")
    sortButton.focusOnClick = false
    searchEntry.accessibleName = tr("Filter by name")
    searchEntry.tooltipText = tr("Filter by name (Ctrl+F)")
    searchEntry.placeholderText = tr("Filter by name")
    searchWidth = Self.placeholderWidth(of: searchEntry)
    searchEntry.widthRequest = searchWidth

    let paging = Box(orientation: .horizontal, spacing: 0)
    paging.styleContext?.addClass("linked")
    for button in [previousButton, nextButton] {
      paging.packStart(button, expand: false, fill: true, padding: 0)
    }
    zoomBox.styleContext?.addClass("linked")
    for button in [zoomOutButton, zoomFitButton, zoomOriginalButton, zoomInButton] {
      zoomBox.packStart(button, expand: false, fill: true, padding: 0)
    }
    zoomBox.packStart(zoomControl.widget, expand: false, fill: true, padding: 0)
    widget.packStart(openButton)
    widget.packStart(browseToggle)
    widget.packStart(paging)
    widget.packStart(zoomClip)
    menuButton.image = Image(iconName: "open-menu-symbolic", size: .button)
    // A menu, not a popover: a GTK 3 popover cannot leave its window, so in a short
    // window (a laptop at scale 2) the last sections were cut off; a menu is a window of
    // its own. Its items are made once, when it first opens or after the first image.
    popups = [
      PopupContent(menuOf: menuButton, model: menu), zoomControl.presetsContent, sortMenu.content,
    ]
    // The button sits at the window's end: the menu hangs from the button's end edge,
    // inside the window, not from its start edge past the window's (GTK mirrors this
    // right to left).
    menuButton.popup?.halign = .end
    name(menuButton, tr("Main menu"), tooltip: tr("Main menu (F10)"))
    widget.packEnd(menuButton)
    for control in [slideshowToggle, sortButton, infoToggle, fullscreenToggle] as [Widget] {
      endBox.packStart(control, expand: false, fill: false, padding: 0)
    }
    widget.packEnd(endClip)
    widget.packEnd(searchEntry)
    widget.packEnd(progress)
    progress.accessibleName = tr("Progress")
    progress.noShowAll = true

    viewModel.heading.signal
      .subscribe(next: { [weak self] heading in
        guard let self else { return }
        nameLabel.text = heading.name
        positionLabel.text = heading.position ?? ""
        positionLabel.isVisible = heading.position != nil
      })
      .disposed(by: bag)
    // Folded away in a narrow window, the filter comes back while it is used.
    searchEntry.rx.isFocus.values.combineLatest(with: searchEntry.rx.text.values)
      .subscribe(next: { [weak self] _ in self?.updateSearchVisibility() })
      .disposed(by: bag)
    let actions: [(Actionable, String)] = [
      (openButton, "win.open"), (previousButton, "win.previous"), (nextButton, "win.next"),
      (zoomOutButton, "win.zoom-out"), (zoomFitButton, "win.zoom-fit"),
      (zoomOriginalButton, "win.zoom-original"), (zoomInButton, "win.zoom-in"),
      (slideshowToggle, "win.slideshow"), (infoToggle, "win.info"),
      (fullscreenToggle, "win.fullscreen"), (browseToggle, "win.browse"),
    ]
    for (button, action) in actions { button.actionName = action }
    viewModel.isSlideshowRunning.signal
      .map { $0 ? "media-playback-pause-symbolic" : "media-playback-start-symbolic" }
      .subscribe(next: { [weak self] icon in
        guard let self else { return }
        setIcon(slideshowToggle, icon)
      })
      .disposed(by: bag)
    searchEntry.rx.text.changes
      .subscribe(next: { text in viewModel.filterText.value = text })
      .disposed(by: bag)
  }

  /// Builds the items of the primary menu, the zoom presets and the sort popover, those
  /// not built yet (each is built anyway when it first opens).
  func buildPopups() {
    for popup in popups { popup.build() }
  }

  /// Whether the primary menu's, the zoom presets' and the sort popover's items are built.
  var popupsAreBuilt: Bool { popups.allSatisfy(\.isBuilt) }

  /// Chooses the full bar or the narrow one for a bar `width` wide: narrower than the
  /// full bar needs (`fullWidth`), zoom, sort, slideshow, information and fullscreen
  /// live in the primary menu only and the filter shows only while it is used, so the
  /// window works down to 360 pixels. Decided from widths alone, never from the form
  /// the bar had before, so widening unfolds it exactly where narrowing folded it.
  ///
  /// Called on every allocation of the bar; the switch itself waits for the main loop's
  /// next turn: controls shown or hidden during GTK's layout pass are not laid out again
  /// until something else asks, which would leave a stale layout (controls cut after
  /// unfolding, the title at its shortest after folding).
  func fit(width: Int) {
    latestWidth = width
    if !isCompact { measureControls() }
    guard (width < fullWidth) != isCompact, pendingFit == nil else { return }
    pendingFit = MainLoopScheduler.main.schedule(after: .zero) { [weak self] in
      guard let self else { return }
      pendingFit = nil
      setCompact(latestWidth < fullWidth)
    }
  }

  /// The width the bar needs with every control at its natural width and the title at
  /// its shortest (the name ellipsized to eight letters, the position whole; folded, the
  /// name may shorten to "…"): the controls as last measured in the full form (GTK
  /// measures a hidden widget as nothing), the title and the spinner as they are now.
  var fullWidth: Int {
    controlsWidth + titleWidth + (progress.isVisible ? spinnerWidth : 0)
  }

  /// The title's shortest width before the bar folds: it asks for "…" and the position,
  /// and the name keeps a few letters.
  private var titleWidth: Int {
    let name = max(0, shortestName - nameLabel.preferredWidth.minimumWidth)
    return title.preferredWidth.naturalWidth + name
  }

  /// Measures, in the full form, what the bar needs besides its title and spinner: the
  /// controls, the spacing, the window's buttons, the padding.
  private func measureControls() {
    if progress.isVisible {
      spinnerWidth = progress.preferredWidth.naturalWidth + widget.spacing
    }
    controlsWidth =
      widget.preferredWidth.naturalWidth - title.preferredWidth.naturalWidth
      - (progress.isVisible ? spinnerWidth : 0)
  }

  /// The width of the shortest name the full bar shows: eight average letters.
  private lazy var shortestName: Int = {
    let label = Label("")
    label.styleContext?.addClass("title")
    label.widthChars = 8
    // GTK measures a hidden widget as nothing.
    label.show()
    return label.preferredWidth.minimumWidth
  }()

  /// Switches between the full bar and the narrow one.
  func setCompact(_ compact: Bool) {
    guard compact != isCompact else { return }
    isCompact = compact
    for control in secondaryControls { control.isVisible = !compact }
    // Folded, a tighter bar and a narrower filter (shown only while used, with the
    // title beside it): the window works down to 360 pixels.
    widget.spacing = compact ? 2 : 6
    searchEntry.widthChars = compact ? 10 : 0
    searchEntry.widthRequest = compact ? -1 : searchWidth
    updateSearchVisibility()
  }

  /// The title: the name (shortened in the middle) and the position, centred, in a box
  /// whose natural width is its shortest and which takes whatever the controls leave.
  /// GTK's header bar gives its title the title's natural width before the controls
  /// get theirs, so a title asking for the whole name squeezed the controls; asking for
  /// little and expanding, it shortens first and shows the whole name where it fits.
  private static func makeTitle(name: Label, position: Label) -> Widget {
    name.ellipsize = .middle
    name.styleContext?.addClass("title")
    position.styleContext?.addClass("dim-label")
    let box = Box(orientation: .horizontal, spacing: 6)
    box.halign = .center
    box.packStart(name, expand: false, fill: true, padding: 0)
    box.packStart(position, expand: false, fill: false, padding: 0)
    // Asking for the content's minimum only, the clip hands the content all it gets,
    // where the centred box takes the room its labels want.
    let title = Clip()
    title.request = .minimum
    title.expandsHorizontally = true
    title.add(box)
    title.showAll()
    return title
  }

  /// The width that shows `entry`'s whole placeholder in the bar's font (`widthChars`
  /// counts average letters, which a translated or wide placeholder exceeds): its
  /// frame and icons (measured with no letters) plus the placeholder's own width.
  private static func placeholderWidth(of entry: SearchEntry) -> Int {
    entry.widthChars = 0
    // GTK measures a hidden widget as nothing.
    entry.show()
    let frame = entry.preferredWidth.minimumWidth
    let placeholder = Label(entry.placeholderText)
    // GTK measures a hidden widget as nothing.
    placeholder.show()
    let text = placeholder.preferredWidth.naturalWidth
    // A few pixels for the cursor, as GTK leaves after the text.
    return frame + text + 4
  }

  /// `content` in a box that can be narrower than it: the bar's minimum width does not
  /// count the folding controls, so the window can shrink until the bar folds them away.
  private static func clip(_ content: Widget) -> Clip {
    let clip = Clip()
    clip.add(content)
    return clip
  }

  /// Opens the main menu (F10), unless the header bar is hidden (fullscreen).
  ///
  /// The menu is shown first, below the button as the button shows it (the same
  /// anchors, end edge on end edge, mirrored by GTK in right-to-left, and hints), by `Menu`'s popup, which
  /// makes up the event GTK wants when none is being handled (a key the window routed
  /// itself; a test); the button, finding it open, only records that. A menu that could
  /// not show (its grab failed) leaves the button up.
  func openMenu() {
    guard widget.isMapped, let menu = menuButton.popup else { return }
    menu.anchorHints = [.flipY, .slide, .resize]
    menu.menuTypeHint = .dropdownMenu
    menu.popup(at: menuButton, widgetAnchor: .southEast, menuAnchor: .northEast)
    guard menu.isVisible else { return }
    // Opened from the keyboard: the arrows start from the first item.
    menu.selectFirst(true)
    menuButton.isActive = true
  }

  /// Shows the filter and puts the cursor in it (Ctrl+F, the menu).
  func startSearch() {
    searchEntry.isVisible = true
    searchEntry.grabFocus()
  }

  private func updateSearchVisibility() {
    searchEntry.isVisible = !isCompact || searchEntry.isFocus || !searchEntry.text.isEmpty
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
