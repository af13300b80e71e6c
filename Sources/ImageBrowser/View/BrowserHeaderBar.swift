// The header bar: title, open, paging, zoom, sort, slideshow, fullscreen, info and search.
import CGtk
import GtkReactive
import Reactive

/// The window's header bar. Each control binds itself to the view model: the title
/// follows `title`, previous/next follow their Commands' `isEnabled`, the slideshow
/// toggle follows `isSlideshowRunning`, the sort menu's radio items follow `sortOrder`
/// and choose it, and the search entry feeds `filterText`.
/// Controls whose action needs the window (fullscreen, the file chooser) are exposed,
/// and the window subscribes to them.
final class BrowserHeaderBar {
  /// The header bar widget.
  let widget = HeaderBar(title: "Image Browser", showsCloseButton: true)
  /// Opens the folder chooser.
  let openButton = Button(iconName: "folder-open-symbolic")
  /// Shows the previous image.
  let previousButton = Button(iconName: "go-previous-symbolic")
  /// Shows the next image.
  let nextButton = Button(iconName: "go-next-symbolic")
  /// Zooms out one step.
  let zoomOutButton = Button(iconName: "zoom-out-symbolic")
  /// Fits the image to the window.
  let zoomFitButton = Button(iconName: "zoom-fit-best-symbolic")
  /// Shows the image at 1:1.
  let zoomOriginalButton = Button(iconName: "zoom-original-symbolic")
  /// Zooms in one step.
  let zoomInButton = Button(iconName: "zoom-in-symbolic")
  /// Starts and stops the slideshow.
  let slideshowToggle = ToggleButton(retaining: UnsafeMutableRawPointer(gtk_toggle_button_new()))
  /// Shows or hides the image information.
  let infoToggle = ToggleButton(retaining: UnsafeMutableRawPointer(gtk_toggle_button_new()))
  /// Enters and leaves fullscreen.
  let fullscreenToggle = ToggleButton(retaining: UnsafeMutableRawPointer(gtk_toggle_button_new()))
  /// Filters the images by name.
  let searchEntry = SearchEntry()
  /// Opens the sort menu (a popover of `sortItems`).
  let sortButton = ToggleButton(retaining: UnsafeMutableRawPointer(gtk_menu_button_new()))
  /// The sort menu's radio items, one per order, in `ImageSortOrder.allCases` order.
  let sortItems: [ImageSortOrder: CheckButton]
  /// Turns while a folder is read or thumbnails are made; its tooltip says which.
  let progress = Widget(retaining: UnsafeMutableRawPointer(gtk_spinner_new()))

  private let bag = DisposeBag()

  /// Shows `activity` in the spinner (hidden when `nil`).
  func showProgress(_ activity: String?) {
    let spinner = progress.pointer(as: GtkSpinner.self)
    if let activity {
      gtk_spinner_start(spinner)
      gtk_widget_set_tooltip_text(progress.pointer(as: GtkWidget.self), activity)
      progress.isVisible = true
    } else {
      gtk_spinner_stop(spinner)
      progress.isVisible = false
    }
  }

  /// A header bar bound to `viewModel`; `viewer` supplies paging and the fit scale.
  init(viewModel: AppViewModel, viewer: ImageViewer) {
    sortItems = Self.makeSortMenu(in: sortButton)
    setIcon(slideshowToggle, "media-playback-start-symbolic")
    setIcon(infoToggle, "dialog-information-symbolic")
    setIcon(fullscreenToggle, "view-fullscreen-symbolic")
    name(openButton, "Open folder", tooltip: "Open a folder (Ctrl+O)")
    name(previousButton, "Previous image", tooltip: "Previous image (Left)")
    name(nextButton, "Next image", tooltip: "Next image (Right)")
    name(zoomOutButton, "Zoom out", tooltip: "Zoom out (−)")
    name(zoomFitButton, "Zoom to fit", tooltip: "Fit to the window (F)")
    name(zoomOriginalButton, "Original size", tooltip: "Original size (1)")
    name(zoomInButton, "Zoom in", tooltip: "Zoom in (+)")
    name(slideshowToggle, "Slideshow", tooltip: "Slideshow (S)")
    name(infoToggle, "Image information", tooltip: "Image information (I)")
    name(fullscreenToggle, "Fullscreen", tooltip: "Fullscreen (F11)")
    name(sortButton, "Sort by", tooltip: "Sort by name, date or size")
    searchEntry.setAccessibleName("Filter by name", tooltip: "Filter by name (Ctrl+F)")
    gtk_entry_set_placeholder_text(searchEntry.pointer(as: GtkEntry.self), "Filter by name")
    gtk_entry_set_width_chars(searchEntry.pointer(as: GtkEntry.self), 14)

    let paging = Box(.horizontal)
    paging.addStyleClass("linked")
    paging.packStart(previousButton)
    paging.packStart(nextButton)
    let zoom = Box(.horizontal)
    zoom.addStyleClass("linked")
    for button in [zoomOutButton, zoomFitButton, zoomOriginalButton, zoomInButton] {
      zoom.packStart(button)
    }
    widget.packStart(openButton)
    widget.packStart(paging)
    widget.packStart(zoom)
    widget.packEnd(fullscreenToggle)
    widget.packEnd(infoToggle)
    widget.packEnd(sortButton)
    widget.packEnd(slideshowToggle)
    widget.packEnd(searchEntry)
    widget.packEnd(progress)
    progress.setAccessibleName("Progress", tooltip: nil)
    gtk_widget_set_no_show_all(progress.pointer(as: GtkWidget.self), 1)

    viewModel.title.signal.map { Self.headerTitle($0) }.bind(to: widget.rx.title)
      .disposed(by: bag)
    viewModel.previous.isEnabled.signal.bind(to: previousButton.rx.isSensitive)
      .disposed(by: bag)
    viewModel.next.isEnabled.signal.bind(to: nextButton.rx.isSensitive).disposed(by: bag)
    let hasImage = viewModel.current.signal.map { $0 != nil }
    for button in [zoomOutButton, zoomFitButton, zoomOriginalButton, zoomInButton] {
      hasImage.bind(to: button.rx.isSensitive).disposed(by: bag)
    }
    viewModel.items.signal.map { $0.count > 1 }.bind(to: slideshowToggle.rx.isSensitive)
      .disposed(by: bag)
    viewModel.isSlideshowRunning.signal.bind(to: slideshowToggle.rx.isActive).disposed(by: bag)
    viewModel.isSlideshowRunning.signal
      .map { $0 ? "media-playback-pause-symbolic" : "media-playback-start-symbolic" }
      .subscribe(next: { [weak self] icon in
        guard let self else { return }
        setIcon(slideshowToggle, icon)
      })
      .disposed(by: bag)

    previousButton.rx.clicked
      .subscribe(next: { viewModel.previous.execute() }).disposed(by: bag)
    nextButton.rx.clicked
      .subscribe(next: { viewModel.next.execute() }).disposed(by: bag)
    zoomOutButton.rx.clicked
      .subscribe(next: { [weak viewer] in viewModel.zoomOut(fitScale: viewer?.fitScale ?? 1) })
      .disposed(by: bag)
    zoomInButton.rx.clicked
      .subscribe(next: { [weak viewer] in viewModel.zoomIn(fitScale: viewer?.fitScale ?? 1) })
      .disposed(by: bag)
    zoomFitButton.rx.clicked.subscribe(next: { viewModel.zoomToFit() }).disposed(by: bag)
    zoomOriginalButton.rx.clicked
      .subscribe(next: { viewModel.zoomToActualSize() }).disposed(by: bag)
    slideshowToggle.rx.isActive.changes
      .subscribe(next: { [weak self] active in
        if active { viewModel.startSlideshow() } else { viewModel.stopSlideshow() }
        // Refused (one image): the toggle shows the truth again, through the sink, which
        // does not echo back into this handler.
        if viewModel.isSlideshowRunning.value != active {
          self?.slideshowToggle.rx.isActive.on(viewModel.isSlideshowRunning.value)
        }
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
  private static func makeSortMenu(in button: ToggleButton) -> [ImageSortOrder: CheckButton] {
    let popover = gtk_popover_new(button.pointer(as: GtkWidget.self))!
    let box = Box(.vertical, spacing: 2)
    gtk_container_set_border_width(box.pointer(as: GtkContainer.self), 8)
    var items: [ImageSortOrder: CheckButton] = [:]
    var group: UnsafeMutablePointer<GtkRadioButton>?
    for order in ImageSortOrder.allCases {
      let raw = gtk_radio_button_new_with_label_from_widget(group, order.title)!
      let item = CheckButton(retaining: UnsafeMutableRawPointer(raw))
      group = item.pointer(as: GtkRadioButton.self)
      item.setAccessibleName("Sort by \(order.title.lowercased())")
      box.packStart(item)
      items[order] = item
    }
    box.showAll()
    gtk_container_add(
      UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkContainer.self),
      box.pointer(as: GtkWidget.self))
    gtk_menu_button_set_popover(button.pointer(as: GtkMenuButton.self), popover)
    let icon = gtk_image_new_from_icon_name("view-sort-ascending-symbolic", GTK_ICON_SIZE_BUTTON)
    gtk_button_set_image(button.pointer(as: GtkButton.self), icon)
    return items
  }

  /// The header shows the title without the app's name (the window title keeps it).
  static func headerTitle(_ title: String) -> String {
    title.replacingOccurrences(of: " — Image Browser", with: "")
  }

  private func name(_ widget: Widget, _ name: String, tooltip: String) {
    widget.setAccessibleName(name, tooltip: tooltip)
    gtk_widget_set_focus_on_click(widget.pointer(as: GtkWidget.self), 0)
  }

  private func setIcon(_ button: Button, _ icon: String) {
    gtk_button_set_image(
      button.pointer(as: GtkButton.self),
      gtk_image_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON))
  }
}
