// "2 files cannot be shown", over the viewer's corner, listing them on request.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Says how many files of the open folder the browser cannot show (`UnshownFiles`: a
/// camera's RAW file, a HEIC without its loader…) in a flat button over the bottom
/// corner of the viewer; a click lists their names in a popover. Hidden when there are
/// none, and in fullscreen (the image alone).
final class UnshownFilesButton {
  /// The button, an overlay child.
  let widget = MenuButton()
  /// The button's text ("2 files cannot be shown").
  let label = Label("")
  /// The popover's list of names, one per line.
  let list = Label("")

  private let unshown: UnshownFiles
  private let bag = DisposeBag()

  /// A button following `viewModel`'s open folder.
  init(viewModel: AppViewModel) {
    unshown = viewModel.makeUnshownFiles()
    widget.halign = .start
    widget.valign = .end
    widget.marginStart = 12
    widget.marginBottom = 12
    widget.noShowAll = true
    // Over the image: a dark, translucent button, as GTK draws controls over content.
    widget.styleContext?.addClass("osd")
    let box = Box(orientation: .horizontal, spacing: 6)
    box.packStart(
      Image(iconName: "dialog-warning-symbolic", size: .button), expand: false, fill: false,
      padding: 0)
    box.packStart(label, expand: false, fill: false, padding: 0)
    box.showAll()
    widget.add(box)
    let popover = Popover(relativeTo: widget)
    let content = Box(orientation: .vertical, spacing: 8)
    content.borderWidth = 12
    let heading = Label(tr("These files are not images this computer can show:"))
    heading.xalign = 0
    list.xalign = 0
    list.isSelectable = true
    // A reason can be a long sentence: wrapped, the popover stays a readable width.
    list.lineWrap = true
    list.maxWidthChars = 72
    let scroller = ScrolledWindow()
    scroller.setPolicy(.never, vscrollbarPolicy: .automatic)
    scroller.propagateNaturalHeight = true
    // As wide as the wrapped lines want (up to `maxWidthChars`), not the heading's width.
    scroller.propagateNaturalWidth = true
    scroller.maxContentHeight = 300
    scroller.add(list)
    content.packStart(heading, expand: false, fill: true, padding: 0)
    content.packStart(scroller, expand: true, fill: true, padding: 0)
    content.showAll()
    popover.add(content)
    // GTK selects a selectable label's whole text when it takes the focus, which the
    // popover gives it on opening: the list opens with nothing selected instead (from
    // the main loop, once the popover has given the focus).
    popover.rx.isVisible.changes
      .filter { $0 }
      .observe(on: MainLoopScheduler.main)
      .subscribe(next: { [weak self] _ in self?.list.selectRegion(0, endOffset: 0) })
      .disposed(by: bag)
    widget.popover = popover
    widget.accessibleName = tr("Files that cannot be shown")

    unshown.files.signal.combineLatest(with: viewModel.isFullscreen.signal)
      .subscribe(next: { [weak self] files, fullscreen in
        guard let self else { return }
        label.text = trn("%d file cannot be shown", "%d files cannot be shown", files.count)
        list.text = files.map { file in
          let name = FilePathBytes.shownName(of: file)
          guard let reason = unshown.reasons[file] else { return name }
          // TRANSLATORS: a file the browser cannot show, and why, in the list of them.
          return tr("%1$s — %2$s", name, reason)
        }
        .joined(separator: "\n")
        widget.isVisible = !files.isEmpty && !fullscreen
      })
      .disposed(by: bag)
  }

  /// The files listed now.
  var files: [URL] { unshown.files.value }
}
