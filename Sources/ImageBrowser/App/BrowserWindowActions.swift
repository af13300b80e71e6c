// The window's actions: the view model's commands as GActions, their keys, and the menus.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Registers every `win.` action of the action table on one browser window, bound to the
/// view model's commands (or to window commands for what needs the window: choosers,
/// dialogs, focus), installs the keys, and shows the context menu.
///
/// Keys that are GTK accelerators (`KeyChord.isAccelerator`) are registered with the
/// application; the others are routed here, on the window's key press before the focused
/// widget sees it, only when the focus does not want them itself (see `KeyChord`).
@MainActor
final class BrowserWindowActions {
  unowned let browser: BrowserWindow
  private let bag = DisposeBag()
  /// The keys this window routes itself, with their action names.
  private var routed: [(KeyChord, String)] = []
  /// The context menu last shown.
  private(set) var contextMenu: Menu?
  /// Ends the slideshow's pause when the context menu shown last closes.
  private let contextMenuHold = SerialDisposable()
  /// The rename field last shown.
  private(set) var renamer: RenamePopover?
  /// Copy, Open With, Show in Folder, Set as Wallpaper and Print.
  private(set) var imageActions: ImageActions?

  /// The actions of `browser`, registered at once.
  init(browser: BrowserWindow) {
    self.browser = browser
    let commands = browser.viewModel.commands
    add("previous", commands.previous)
    add("next", commands.next)
    add("first", commands.first)
    add("last", commands.last)
    add("zoom-in", commands.zoomIn)
    add("zoom-out", commands.zoomOut)
    add("zoom-fit", commands.zoomToFit)
    add("zoom-original", commands.zoomToActualSize)
    add("zoom-fill-width", commands.zoomToFillWidth)
    browser.window.addAction("zoom-to", command: commands.zoomTo).disposed(by: bag)
    addToggle("slideshow", commands.slideshow)
    addToggle("slideshow-loop", browser.viewModel.preferences.slideshowLoops)
    addToggle("slideshow-shuffle", browser.viewModel.preferences.slideshowShuffles)
    addToggle("fullscreen", browser.viewModel.isFullscreen)
    addToggle("info", browser.viewModel.showsInfo)
    browser.window.addStateAction("sort", state: commands.sortChoice).disposed(by: bag)
    addToggle("sort-descending", commands.sortDescending)
    addToggle("properties", browser.viewModel.preferences.showsProperties)
    addToggle("strip", browser.viewModel.preferences.showsStrip)
    add("preferences", command { [weak self] in self?.browser.viewControls.showPreferences() })
    add(
      "all-fields",
      command(enabledIf: commands.hasImage) { [weak self] in
        guard let browser = self?.browser else { return }
        browser.viewControls.showAllFields(of: browser.viewModel)
      })
    add("trash", commands.trash)
    add("undo", commands.undo)
    add("redo", commands.redo)
    add("copy-path", commands.copyPath)
    add("rotate-right", commands.rotateClockwise)
    add("rotate-left", commands.rotateCounterclockwise)
    add("flip-horizontal", commands.flipHorizontally)
    add("flip-vertical", commands.flipVertically)
    // A crop or a resize is saved in place only after the user confirms.
    add(
      "save",
      command(enabledIf: commands.save.isEnabled) { [weak self] in self?.browser.editing.save() })
    let edits = browser.editing.commands
    add("save-as", edits.saveAs)
    add("crop", edits.crop)
    add("crop-apply", edits.applyCrop)
    add("crop-cancel", edits.cancelCrop)
    add("resize", edits.resize)
    add("copy", commands.copyImage)
    add("open-with", commands.openWith)
    add("show-in-folder", commands.showInFolder)
    add("wallpaper", commands.setAsWallpaper)
    add("print", commands.print)
    imageActions = ImageActions(browser: browser, desktop: browser.desktop)
    addOpenRecent()
    add("search", command { [weak self] in self?.browser.header.startSearch() })
    add("escape", command { [weak self] in self?.escape() })
    addBrowseActions()
    add("open", command { [weak self] in self?.chooseFiles() })
    add("close", command { [weak self] in self?.browser.window.close() })
    add("delete", command(enabledIf: commands.hasImage) { [weak self] in self?.confirmDelete() })
    add("rename", command(enabledIf: commands.hasImage) { [weak self] in self?.rename() })
    add(
      "context-menu",
      command(enabledIf: commands.hasImage) { [weak self] in
        self?.showContextMenu(at: nil)
      })
    // GTK's own F10 opens a menu bar; without one it only moved the focus.
    add("main-menu", command { [weak self] in self?.browser.header.openMenu() })
    commands.copyPath.values
      .subscribe(next: { [weak self] item in self?.copyPath(of: item) })
      .disposed(by: bag)
    bindKeys()
    bindContextClicks()
    bag.insert(contextMenuHold)
  }

  // MARK: Registration

  private func keys(of name: String) -> (accelerators: [String], routed: [KeyChord]) {
    let keys = BrowserAction.named(name).keys(rightToLeft: browser.window.direction == .rtl)
    let chords = keys.map(KeyChord.init)
    return (
      keys.filter { KeyChord($0).isAccelerator }, chords.filter { !$0.isAccelerator }
    )
  }

  func add<Output>(_ name: String, _ command: Command<Void, Output, Never>) {
    let (accelerators, routedKeys) = keys(of: name)
    browser.window.addAction(name, command: command, accelerators: accelerators)
      .disposed(by: bag)
    routed += routedKeys.map { ($0, name) }
  }

  func addToggle(_ name: String, _ state: MutableProperty<Bool>) {
    let (accelerators, routedKeys) = keys(of: name)
    browser.window.addToggleAction(name, state: state, accelerators: accelerators)
      .disposed(by: bag)
    routed += routedKeys.map { ($0, name) }
  }

  /// A command of the window's own, enabled when `enabledIf` says.
  func command(
    enabledIf enabled: Property<Bool>? = nil, _ body: @escaping () -> Void
  ) -> Command<Void, Void, Never> {
    Command(enabledIf: enabled) { _ in
      body()
      return .empty()
    }
  }

  // MARK: Keys

  private func bindKeys() {
    browser.window.rx.keyPressEvent
      .subscribe(next: { [weak self] event in
        if self?.route(event.arguments) == true { event.stop() }
      })
      .disposed(by: bag)
  }

  /// Activates the action `key` reaches, if the focus does not want the key; returns
  /// whether it did.
  func route(_ key: KeyEvent) -> Bool {
    // While the grid shows, the arrows, Page keys, Home, End and Return are its own.
    if routeGridKey(key) { return true }
    let pan = Self.panSteps[key.name]
    let plain = key.modifiers.intersection([.control, .alt, .shift]).isEmpty
    guard
      let (_, name) = routed.first(where: { $0.0.matches(key) })
        ?? pan.map({ _ in (KeyChord(key.name), "pan") })
    else { return false }
    if let focus = browser.window.focus {
      // Inside an open popover (a menu, the sort choices) keys are the popover's.
      if focus.ancestor(Popover.self) != nil { return false }
      // A text field keeps every key but Escape.
      if focus.isA(AnyEditable.self), name != "escape" { return false }
      // Space and Return press the focused button.
      if ["space", "Return", "KP_Enter"].contains(key.name), focus.isA(Button.self) {
        return false
      }
    }
    // A zoomed image larger than the viewer: the arrows move it (Page Up/Down, Alt+arrows
    // and the buttons still page).
    if let pan, plain, browser.viewModel.isZoomedBeyondView {
      browser.viewModel.pan(by: pan.dx, pan.dy)
      return true
    }
    guard name != "pan" else { return false }
    // Return applies a crop, and only then: otherwise it goes on to the focus.
    if name == "crop-apply", !browser.window.actionEnabled(name) { return false }
    browser.window.activateAction(name)
    return true
  }

  /// How far one arrow key moves a zoomed image, and which way.
  static let panSteps: [String: (dx: Double, dy: Double)] = [
    "Left": (60, 0), "KP_Left": (60, 0), "Right": (-60, 0), "KP_Right": (-60, 0),
    "Up": (0, 60), "KP_Up": (0, 60), "Down": (0, -60), "KP_Down": (0, -60),
  ]

  // MARK: Window commands

  /// Escape leaves, in turn: a rubber band being dragged in the grid, crop mode, the
  /// search field or the zoom field, the slideshow (and the fullscreen it entered),
  /// fullscreen, a notice, the viewer (for the grid); in the grid it clears the selection.
  private func escape() {
    let viewModel = browser.viewModel
    if viewModel.rubberBand.cancel() {
      // The band being dragged goes first; the selection is as it was before it.
      return
    } else if viewModel.cropping.isCropping {
      viewModel.cropping.cancel()
    } else if browser.header.searchEntry.isFocus || browser.header.zoomControl.entry.isFocus {
      browser.viewer.canvas.grabFocus()
    } else if viewModel.isSlideshowRunning.value {
      viewModel.stopSlideshow()
    } else if viewModel.isFullscreen.value {
      viewModel.isFullscreen.value = false
    } else if viewModel.notice.value != nil {
      viewModel.notice.value = nil
    } else {
      escapeToGrid()
    }
  }

  /// Asks for images or a folder and opens them.
  private func chooseFiles() {
    // One chooser for both: Open takes the selected images, Open Folder the folder.
    browser.window
      .chooseFilesOrFolder(
        title: tr("Open Images or a Folder"), folderLabel: tr("Open _Folder"),
        cancelLabel: gtkTranslation("_Cancel"), openLabel: gtkTranslation("_Open")
      )
      .filter { !$0.isEmpty }
      .subscribe(next: { [weak self] urls in self?.browser.open(urls) })
      .disposed(by: bag)
  }

  /// `win.open-recent`: opens the URI an *Open Recent* item carries.
  private func addOpenRecent() {
    let open = Command<String, Void, Never> { [weak self] uri in
      if let url = URL(string: uri) { self?.browser.open([url]) }
      return .empty()
    }
    browser.window.addAction("open-recent", command: open).disposed(by: bag)
  }

  /// Deletes the current image for good after the user confirms (Cancel is the
  /// default: a stray Return keeps the file).
  private func confirmDelete() {
    guard let item = browser.viewModel.current.value else { return }
    let delete = browser.viewModel.commands.deletePermanently
    browser.window
      .confirm(
        tr("Delete “%s” permanently?", item.shownName),
        detail: tr("It will not go to the trash and cannot be restored."),
        confirmLabel: tr("_Delete"), type: .warning, destructive: true
      )
      .filter { $0 }
      .subscribe(next: { [weak self] _ in
        // The image the user confirmed, not one that became current meanwhile.
        guard self?.browser.viewModel.current.value == item else { return }
        _ = delete.execute()
      })
      .disposed(by: bag)
  }

  /// Shows the rename field over the viewer, filled with the name, its stem selected.
  private func rename() {
    guard let item = browser.viewModel.current.value else { return }
    let renamer = RenamePopover(relativeTo: browser.viewer.widget, name: item.displayName)
    self.renamer = renamer
    renamer.names
      .subscribe(next: { [weak self] name in
        _ = self?.browser.viewModel.commands.rename.execute(name)
      })
      .disposed(by: bag)
    renamer.show()
  }

  private func copyPath(of item: ImageItem) {
    guard let display = Display.default, let clipboard = Clipboard.getDefault(display) else {
      return
    }
    // Several images picked in the grid: all their paths, one a line.
    let picked = browser.viewModel.state.value.pickedItems
    let items = picked.count > 1 && picked.contains(item) ? picked : [item]
    clipboard.setText(items.map(\.url.path).joined(separator: "\n"))
  }

  // MARK: Context menu

  private func bindContextClicks() {
    // The grid's canvas is bound when the grid is built (`DeferredParts`).
    for widget in [browser.viewer.canvas, browser.strip.canvas] as [Widget] {
      bindContextClicks(on: widget)
    }
  }

  /// Opens the image menu on a right click in `widget` (the viewer, the strip, the grid).
  func bindContextClicks(on widget: Widget) {
    widget.rx.buttonPressEvent
      .subscribe(next: { [weak self, weak widget] event in
        // The strip has already made the clicked cell current.
        guard event.arguments.button == 3, let self, let widget else { return }
        showContextMenu(at: (widget, event.arguments.x, event.arguments.y))
        event.stop()
      })
      .disposed(by: bag)
  }

  /// Shows the image menu at the pointer (a right click in `position`'s widget), or at
  /// the viewer's centre (the Menu key). A menu, not a popover: a GTK 3 popover cannot
  /// leave its window, and in a short window the menu's last items were cut off.
  private func showContextMenu(at position: (Widget, Double, Double)?) {
    guard browser.viewModel.current.value != nil else { return }
    contextMenu?.destroy()
    // Attached to the window, not to the viewer or the strip: a menu takes its style
    // from the widget it is attached to, and the viewer's light text on white items read
    // as disabled.
    let menu = Menu(model: BrowserMenus.context())
    menu.attach(to: browser.window)
    contextMenu = menu
    holdWhileOpen(menu)
    if position != nil {
      menu.popupAtPointer()
    } else {
      menu.popup(at: browser.viewer.canvas)
      // Opened from the keyboard: the arrows start from the first item.
      menu.selectFirst(true)
    }
    // A menu that could not show (its grab failed) never deactivates: no pause for it.
    if !menu.isVisible { contextMenuHold.inner = nil }
  }

  /// Pauses the slideshow and keeps the fullscreen controls while `menu` is open.
  private func holdWhileOpen(_ menu: Menu) {
    let hold = browser.viewModel.menuOpened()
    let closed = menu.rx.deactivate
      .subscribe(next: { hold.dispose() }, completed: { hold.dispose() })
    contextMenuHold.inner = AnyDisposable {
      closed.dispose()
      hold.dispose()
    }
  }
}
