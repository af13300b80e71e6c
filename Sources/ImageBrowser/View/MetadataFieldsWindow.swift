// The window listing every EXIF, IPTC and XMP tag of the current image ("show all fields").
import GtkReactive
import ImageBrowserCore
import Reactive

/// A window beside the browser listing every tag the current image carries
/// (`BrowserViewModel.allFields`), grouped under EXIF, IPTC and XMP: each tag's readable
/// name (its Exiv2 key in the tooltip) and its value, which can be selected and copied;
/// *Copy All* puts every row on the clipboard as text. It follows the current image
/// while open, and reads nothing once closed.
///
/// Names and values come from the file: `MetadataField` has made them safe to show
/// (controls visible, bidirectional overrides inert, long values cut), and they are set
/// as plain text, never markup.
final class MetadataFieldsWindow {
  /// The window.
  let window = Window(type: .toplevel)
  /// "Reading…", or why there is nothing to list.
  let messageLabel = Label("")
  /// Copies every row as text.
  let copyButton = Button(label: tr("Copy All"))
  /// The list shown last (for tests).
  private(set) var shown: MetadataFieldList?
  /// The value labels of the rows shown, in order (for tests).
  private(set) var valueLabels: [Label] = []
  /// Called once when the window is closed (it is then destroyed).
  var onClose: (() -> Void)?

  private let header = HeaderBar()
  private let content = Box(orientation: .vertical, spacing: 6)
  private let bag = DisposeBag()

  /// A window over `parent` following `viewModel`'s current image; `present()` shows it.
  init(viewModel: AppViewModel, parent: Window) {
    window.transientFor = parent
    window.setDefaultSize(560, height: 640)
    window.accessibleName = tr("All metadata fields")
    header.showCloseButton = true
    header.title = tr("All Fields")
    header.packEnd(copyButton)
    window.titlebar = header
    header.showAll()
    content.borderWidth = 12
    messageLabel.styleContext?.addClass("dim-label")
    messageLabel.xalign = 0
    let box = Box(orientation: .vertical, spacing: 6)
    box.packStart(messageLabel, expand: false, fill: true, padding: 0)
    box.packStart(content, expand: false, fill: true, padding: 0)
    box.borderWidth = 6
    let scroller = ScrolledWindow()
    scroller.setPolicy(.never, vscrollbarPolicy: .automatic)
    scroller.add(box)
    window.add(scroller)
    scroller.showAll()

    viewModel.allFields
      .subscribe(next: { [weak self] list in self?.show(list) })
      .disposed(by: bag)
    copyButton.rx.clicked
      .subscribe(next: { [weak self] in self?.copyAll() })
      .disposed(by: bag)
    // Closed: the owner forgets the window on the main loop's next turn, not inside
    // the destroy emission that would dispose this very subscription.
    window.rx.destroy
      .subscribe(next: { [weak self] in
        guard let self, let onClose else { return }
        self.onClose = nil
        _ = MainLoopScheduler.main.schedule(after: .zero) { onClose() }
      })
      .disposed(by: bag)
  }

  /// Shows the window, or raises it.
  func present() {
    window.present()
  }

  /// Lists `list`'s fields (replacing the rows shown), or says why there are none.
  func show(_ list: MetadataFieldList?) {
    shown = list
    header.subtitle = list?.name ?? ""
    for child in content.children { child.destroy() }
    valueLabels = []
    let fields = list?.fields ?? []
    copyButton.isSensitive = !fields.isEmpty
    switch (list, list?.fields) {
    case (nil, _): messageLabel.label = tr("No image")
    case (_, nil): messageLabel.label = tr("Reading…")
    case (_, let fields?) where fields.isEmpty:
      messageLabel.label = tr("This file carries no EXIF, IPTC or XMP metadata.")
    default: messageLabel.label = ""
    }
    messageLabel.isVisible = !messageLabel.label.isEmpty
    guard let list, !fields.isEmpty else { return }
    for family in MetadataField.Family.allCases {
      let rows = list.fields(of: family)
      guard !rows.isEmpty else { continue }
      let heading = Label("")
      heading.setMarkup("<b>\(family.title.markupEscaped)</b>")
      heading.xalign = 0
      heading.marginTop = 6
      content.packStart(heading, expand: false, fill: true, padding: 0)
      let grid = Grid()
      grid.rowSpacing = 4
      grid.columnSpacing = 12
      for (row, field) in rows.enumerated() {
        let name = Label(field.name)
        name.styleContext?.addClass("dim-label")
        name.xalign = 1
        name.yalign = 0
        name.tooltipText = field.key
        name.maxWidthChars = 28
        name.ellipsize = .end
        let value = Label(field.value)
        value.xalign = 0
        value.yalign = 0
        value.isSelectable = true
        value.lineWrap = true
        value.lineWrapMode = .wordChar
        value.maxWidthChars = 48
        value.expandsHorizontally = true
        value.accessibleName = field.name
        grid.attach(name, left: 0, top: row, width: 1, height: 1)
        grid.attach(value, left: 1, top: row, width: 1, height: 1)
        valueLabels.append(value)
      }
      content.packStart(grid, expand: false, fill: true, padding: 0)
    }
    content.showAll()
  }

  /// The rows as text: one `key<TAB>value` line each, for the clipboard.
  var text: String {
    (shown?.fields ?? []).map { "\($0.key)\t\($0.value)" }.joined(separator: "\n")
  }

  private func copyAll() {
    guard let display = Display.default, let clipboard = Clipboard.getDefault(display) else {
      return
    }
    clipboard.setText(text)
  }
}
