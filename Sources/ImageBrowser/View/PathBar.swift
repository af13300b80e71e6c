// The browse grid's path bar: the parent button and one button per folder of the path.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Above the browse grid: *Parent Folder* (`win.parent`, Alt+Up) and the open folder's
/// path as a row of linked buttons, one per folder from the root (the home folder shows
/// as "Home"); a click opens that folder. The row scrolls sideways instead of widening
/// the window, keeping its end (the open folder) in view.
final class PathBar {
  /// The bar.
  let widget = Box(orientation: .horizontal, spacing: 6)
  /// Goes up to the parent folder.
  let parentButton = Button(iconName: "go-up-symbolic", size: .button)
  /// The buttons of the path, root first.
  private(set) var buttons: [Button] = []
  private let row = Box(orientation: .horizontal, spacing: 0)
  private let scroller = ScrolledWindow()
  private let viewModel: AppViewModel
  private let bag = DisposeBag()
  private var clicks = CompositeDisposable()
  /// Scrolls the row to its end once the new buttons are laid out.
  private let scrollToEnd = SerialDisposable()

  /// A path bar following `viewModel`'s open folder.
  init(viewModel: AppViewModel) {
    self.viewModel = viewModel
    widget.borderWidth = 6
    parentButton.actionName = "win.parent"
    parentButton.accessibleName = tr("Parent folder")
    parentButton.tooltipText = tr("Parent folder (Alt+Up)")
    parentButton.focusOnClick = false
    row.styleContext?.addClass("linked")
    scroller.setPolicy(.automatic, vscrollbarPolicy: .never)
    scroller.add(row)
    scroller.accessibleName = tr("Folder path")
    widget.packStart(parentButton, expand: false, fill: false, padding: 0)
    widget.packStart(scroller, expand: true, fill: true, padding: 0)
    viewModel.state.signal
      .map { state -> URL? in
        if case .open(let folder) = state.phase { folder } else { nil }
      }
      .distinctUntilChanged()
      .subscribe(next: { [weak self] folder in self?.show(folder) })
      .disposed(by: bag)
  }

  isolated deinit {
    clicks.dispose()
    scrollToEnd.dispose()
  }

  /// Shows the buttons of `folder`'s path.
  private func show(_ folder: URL?) {
    clicks.dispose()
    clicks = CompositeDisposable()
    for button in buttons { row.remove(button) }
    buttons = []
    guard let folder else { return }
    let components = Self.components(of: folder)
    for (index, (url, title)) in components.enumerated() {
      let button = Button(label: title)
      button.focusOnClick = false
      button.accessibleName = title
      button.tooltipText = FilePathBytes.shownName(of: url) == title ? url.path : title
      clicks.add(
        button.rx.clicked.subscribe(next: { [weak self] in self?.viewModel.open([url]) }))
      buttons.append(button)
      row.packStart(button, expand: false, fill: false, padding: 0)
      // The open folder's own button reads as the current one.
      if index == components.count - 1 {
        button.styleContext?.addClass("path-bar-current")
      }
    }
    row.showAll()
    // Once laid out, the end of the path (the open folder) is in view.
    scrollToEnd.inner = MainLoopScheduler.main.schedule(after: .milliseconds(50)) { [weak self] in
      guard let adjustment = self?.scroller.hadjustment else { return }
      adjustment.value = adjustment.upper
    }
  }

  /// The folders from the root to `folder` with their titles: "/" for the root,
  /// "Home" for the home folder (the folders above it left out, as file managers do),
  /// each folder's shown name otherwise.
  static func components(of folder: URL) -> [(URL, String)] {
    let home = FilePathBytes.bytes(of: URL(fileURLWithPath: NSHomeDirectory()))
    var result: [(URL, String)] = []
    var current = folder
    while true {
      let bytes = FilePathBytes.bytes(of: current)
      if bytes == home {
        result.append((current, tr("Home")))
        break
      }
      let parent = FilePathBytes.folder(of: current)
      if FilePathBytes.bytes(of: parent) == bytes {
        result.append((current, "/"))
        break
      }
      result.append((current, FilePathBytes.shownName(of: current)))
      current = parent
    }
    return result.reversed()
  }
}
