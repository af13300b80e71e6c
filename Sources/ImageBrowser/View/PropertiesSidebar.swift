// The properties sidebar: the current image's camera facts, beside the viewer.
import GtkReactive
import ImageBrowserCore
import Reactive

/// A sidebar along the viewer's right edge listing the current image's camera facts
/// (`BrowserViewModel.properties`): camera, lens, exposure, aperture, ISO, focal length,
/// date taken and location, each row shown only when the image has it. The location is
/// a link (in a label, so it lines up with the other values) that opens the desktop's
/// map application on a `geo:` URI.
///
/// It slides in and out with `preferences.showsProperties`; while hidden, the view
/// model reads nothing.
final class PropertiesSidebar {
  /// The sidebar (a revealer sliding from the right).
  let widget = Revealer()
  /// The image's name, at the top.
  let nameLabel = Label("")
  /// What shows instead of rows: "Reading…", "No camera information".
  let messageLabel = Label("")
  /// Opens the window listing every metadata field.
  let allFieldsButton = Button(label: tr("Show All Fields…"))
  /// Each row's value label, by row label ("Camera", …, "Location": a link).
  private(set) var values: [String: Label] = [:]
  /// Where the location's link leads (`geo:…`), empty without one.
  private(set) var locationURI = ""
  /// The properties shown last.
  private(set) var shown: ImageProperties?

  private var rows: [String: [Label]] = [:]
  private let bag = DisposeBag()

  /// A sidebar showing `viewModel.properties`.
  init(viewModel: AppViewModel) {
    widget.transitionType = .slideLeft
    widget.revealChild = viewModel.preferences.showsProperties.value
    widget.accessibleName = tr("Image properties")

    let grid = Grid()
    grid.rowSpacing = 6
    grid.columnSpacing = 12
    grid.borderWidth = 12
    nameLabel.xalign = 0
    nameLabel.isSelectable = true
    nameLabel.lineWrap = true
    nameLabel.maxWidthChars = 24
    grid.attach(nameLabel, left: 0, top: 0, width: 2, height: 1)
    messageLabel.styleContext?.addClass("dim-label")
    messageLabel.xalign = 0
    messageLabel.noShowAll = true
    grid.attach(messageLabel, left: 0, top: 1, width: 2, height: 1)
    for (position, label) in ImageProperties.labels.enumerated() {
      let key = Label(tr(label))
      key.styleContext?.addClass("dim-label")
      key.xalign = 1
      key.valign = .baseline
      key.noShowAll = true
      let value = Label("")
      value.xalign = 0
      value.isSelectable = label != "Location"
      value.lineWrap = true
      value.maxWidthChars = 24
      value.valign = .baseline
      value.noShowAll = true
      values[label] = value
      grid.attach(key, left: 0, top: position + 2, width: 1, height: 1)
      grid.attach(value, left: 1, top: position + 2, width: 1, height: 1)
      rows[label] = [key, value]
      if label == "Location" {
        value.tooltipText = tr("Open in the map application")
        value.rx.activateLink
          .subscribe(next: { [weak self] event in
            event.stop()  // opened here, so GTK's own handler does not warn on failure
            self?.open(event.arguments)
          })
          .disposed(by: bag)
      }
    }
    // Every tag the file carries, in a window of its own (`MetadataFieldsWindow`).
    allFieldsButton.actionName = "win.all-fields"
    allFieldsButton.halign = .start
    allFieldsButton.marginTop = 6
    grid.attach(
      allFieldsButton, left: 0, top: ImageProperties.labels.count + 2, width: 2, height: 1)
    let scroller = ScrolledWindow()
    scroller.setPolicy(.never, vscrollbarPolicy: .automatic)
    scroller.add(grid)
    scroller.widthRequest = 300
    scroller.styleContext?.addClass("properties")
    let box = Box(orientation: .horizontal, spacing: 0)
    box.packStart(Separator(orientation: .vertical), expand: false, fill: true, padding: 0)
    box.packStart(scroller, expand: true, fill: true, padding: 0)
    widget.add(box)

    viewModel.preferences.showsProperties.signal.bind(to: widget.rx.revealChild)
      .disposed(by: bag)
    viewModel.properties
      .subscribe(next: { [weak self] properties in self?.show(properties) })
      .disposed(by: bag)
  }

  /// Shows `properties` (nothing for `nil`: no image, or the sidebar is hidden).
  func show(_ properties: ImageProperties?) {
    shown = properties
    nameLabel.setMarkup("<b>\((properties?.name ?? "").markupEscaped)</b>")
    let message = properties?.message
    messageLabel.label = message ?? ""
    messageLabel.isVisible = message != nil
    let byLabel = Dictionary(
      (properties?.rows ?? []).map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })
    for label in ImageProperties.labels {
      let row = byLabel[label]
      for widget in rows[label] ?? [] { widget.isVisible = row != nil }
      guard let row else {
        if label == "Location" { locationURI = "" }
        continue
      }
      if let link = row.link {
        locationURI = link.absoluteString
        values[label]?.setMarkup(
          "<a href=\"\(locationURI.markupEscaped)\">\(row.value.markupEscaped)</a>")
      } else {
        values[label]?.label = row.value
      }
    }
  }

  /// Opens `uri` (the location's `geo:` URI) in the desktop's default handler; says
  /// so in the link's tooltip when there is none.
  private func open(_ uri: String) {
    do {
      try AnyAppInfo.launchDefaultForUri(uri, context: nil)
    } catch {
      values["Location"]?.tooltipText = tr("No application opens map links here (%s).", uri)
    }
  }
}
