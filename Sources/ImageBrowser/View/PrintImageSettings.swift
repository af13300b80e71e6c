// The print dialog's Image Settings tab: where the image goes on the page, and how large.
import CCairo  // cairo, for the preview
import GtkReactive
import ImageBrowserCore
import Reactive

/// The *Image Settings* tab `ImagePrinter` adds to GTK's print dialog, as Eye of GNOME
/// has: the image centred on both axes, one or none (then placed at a distance from the
/// printable area's left and top edges), its size as a share of the largest that fits
/// (a slider) or as a width and height in millimetres or inches, and a preview of the
/// page with the image where it will print. Every control edits one `PrintLayout`; the
/// others follow it.
final class PrintImageSettings {
  /// The tab's content, given to GTK's print dialog.
  let widget = Grid()
  /// Which axes the image is centred on.
  let centring = ComboBoxText()
  /// The image's left edge from the printable area's, in `layout.unit`.
  let left = SpinButton(min: 0, max: 10_000, step: 1)
  /// The image's top edge from the printable area's, in `layout.unit`.
  let top = SpinButton(min: 0, max: 10_000, step: 1)
  /// The printed width, in `layout.unit`.
  let width = SpinButton(min: 0, max: 10_000, step: 1)
  /// The printed height, in `layout.unit`.
  let height = SpinButton(min: 0, max: 10_000, step: 1)
  /// The size as a percentage of the largest that fits.
  let scaling = Scale(orientation: .horizontal, min: 1, max: 100, step: 1)
  /// The unit lengths are shown in.
  let unit = ComboBoxText()
  /// The page, with the image where it will print.
  let preview = DrawingArea()

  /// The layout as the controls set it.
  private(set) var layout: PrintLayout
  /// The image's pixel size.
  let imageSize: PixelSize
  /// The paper and its printable area, in points: the paper's size, then the printable
  /// area's origin and size on it.
  private(set) var paper = Paper(
    width: 595, height: 842, left: 36, top: 36, printableWidth: 523, printableHeight: 770)

  /// A page's geometry in points.
  struct Paper: Equatable {
    var width: Double
    var height: Double
    var left: Double
    var top: Double
    var printableWidth: Double
    var printableHeight: Double
  }

  private let surface: OpaquePointer?
  private var updating = false
  private let bag = DisposeBag()

  /// A tab editing `layout` for an image of `imageSize` pixels, previewed with
  /// `surface` (a cairo image surface of it; `nil` shows a grey box).
  init(layout: PrintLayout, imageSize: PixelSize, surface: OpaquePointer?) {
    self.layout = layout
    self.imageSize = imageSize
    self.surface = surface.map { cairo_surface_reference($0) }
    build()
    bind()
    refresh()
  }

  isolated deinit {
    if let surface { cairo_surface_destroy(surface) }
  }

  /// Takes the page the dialog chose: its size and margins, from `setup`.
  func use(_ setup: PageSetup) {
    paper = Paper(
      width: setup.paperWidth(.points), height: setup.paperHeight(.points),
      left: setup.leftMargin(.points), top: setup.topMargin(.points),
      printableWidth: setup.pageWidth(.points), printableHeight: setup.pageHeight(.points))
    refresh()
  }

  /// Where the image lands on the printable area now.
  var placement: PrintLayout.Placement {
    layout.placement(of: imageSize, width: paper.printableWidth, height: paper.printableHeight)
  }

  private func build() {
    widget.borderWidth = 12
    widget.rowSpacing = 6
    widget.columnSpacing = 12
    for choice in PrintLayout.Centring.allCases {
      centring.append(choice.rawValue, text: choice.title)
    }
    for choice in PrintLayout.Unit.allCases { unit.append(choice.rawValue, text: choice.title) }
    for spin in [left, top, width, height] {
      spin.digits = 1
      spin.widthChars = 7
    }
    scaling.digits = 0
    scaling.valuePos = .right
    scaling.expandsHorizontally = true
    preview.setSizeRequest(220, height: 260)
    preview.expandsHorizontally = true
    preview.expandsVertically = true
    preview.accessibleName = tr("Preview")
    var row = 0
    func heading(_ text: String) {
      let label = Label("")
      label.setMarkup("<b>\(text.markupEscaped)</b>")
      label.xalign = 0
      widget.attach(label, left: 0, top: row, width: 2, height: 1)
      row += 1
    }
    func line(_ title: String, _ control: Widget) {
      let label = Label(title)
      label.xalign = 0
      label.marginStart = 12
      label.mnemonicWidget = control
      control.accessibleName = title.replacingOccurrences(of: "_", with: "")
      widget.attach(label, left: 0, top: row, width: 1, height: 1)
      widget.attach(control, left: 1, top: row, width: 1, height: 1)
      row += 1
    }
    heading(tr("Position"))
    line(tr("C_entre:"), centring)
    line(tr("_Left:"), left)
    line(tr("_Top:"), top)
    heading(tr("Size"))
    line(tr("_Width:"), width)
    line(tr("_Height:"), height)
    line(tr("_Scaling:"), scaling)
    line(tr("_Unit:"), unit)
    for label in widget.children.compactMap({ $0.cast(to: Label.self) }) {
      label.useUnderline = true
    }
    widget.attach(preview, left: 2, top: 0, width: 1, height: row)
    widget.showAll()
  }

  private func bind() {
    centring.rx.changed
      .subscribe(next: { [weak self] in
        guard let self, !updating, let id = centring.activeId,
          let choice = PrintLayout.Centring(rawValue: id)
        else { return }
        edit { $0.centring = choice }
      })
      .disposed(by: bag)
    unit.rx.changed
      .subscribe(next: { [weak self] in
        guard let self, !updating, let id = unit.activeId,
          let choice = PrintLayout.Unit(rawValue: id)
        else { return }
        edit { $0.unit = choice }
      })
      .disposed(by: bag)
    scaling.rx.valueChanged
      .subscribe(next: { [weak self] in
        guard let self, !updating else { return }
        let percent = scaling.value
        edit { $0.scale = percent / 100 }
      })
      .disposed(by: bag)
    for (spin, apply) in [
      (
        left,
        { (layout: inout PrintLayout, value: Double) in layout.left = value * layout.unit.points }
      ),
      (
        top,
        { (layout: inout PrintLayout, value: Double) in layout.top = value * layout.unit.points }
      ),
    ] {
      spin.rx.valueChanged
        .subscribe(next: { [weak self, weak spin] in
          guard let self, let spin, !updating else { return }
          let value = spin.value
          edit { apply(&$0, value) }
        })
        .disposed(by: bag)
    }
    width.rx.valueChanged
      .subscribe(next: { [weak self] in
        guard let self, !updating else { return }
        let value = width.value
        edit { [imageSize, paper] in
          $0.setWidth(
            value, of: imageSize, width: paper.printableWidth, height: paper.printableHeight)
        }
      })
      .disposed(by: bag)
    height.rx.valueChanged
      .subscribe(next: { [weak self] in
        guard let self, !updating else { return }
        let value = height.value
        edit { [imageSize, paper] in
          $0.setHeight(
            value, of: imageSize, width: paper.printableWidth, height: paper.printableHeight)
        }
      })
      .disposed(by: bag)
    preview.rx.draw
      .subscribe(next: { [weak self] cairo in self?.drawPreview(cairo) })
      .disposed(by: bag)
  }

  /// Changes the layout with `change`, then shows it in every control.
  func edit(_ change: (inout PrintLayout) -> Void) {
    change(&layout)
    refresh()
  }

  /// Shows the layout in every control (without their changes echoing back) and
  /// redraws the preview.
  private func refresh() {
    updating = true
    defer { updating = false }
    let place = placement
    let points = layout.unit.points
    _ = centring.setActiveId(layout.centring.rawValue)
    _ = unit.setActiveId(layout.unit.rawValue)
    let digits = layout.unit == .inches ? 2 : 1
    for spin in [left, top, width, height] {
      spin.digits = digits
      spin.setIncrements(layout.unit == .inches ? 0.1 : 1, page: layout.unit == .inches ? 1 : 10)
    }
    left.setRange(0, max: max(0, paper.printableWidth - place.width) / points)
    top.setRange(0, max: max(0, paper.printableHeight - place.height) / points)
    left.value = place.x / points
    top.value = place.y / points
    left.isSensitive = !layout.centring.horizontally
    top.isSensitive = !layout.centring.vertically
    let full = place.width / layout.scale
    let fullHeight = place.height / layout.scale
    width.setRange(full * PrintLayout.minimumScale / points, max: full / points)
    height.setRange(fullHeight * PrintLayout.minimumScale / points, max: fullHeight / points)
    width.value = place.width / points
    height.value = place.height / points
    scaling.value = (layout.scale * 100).rounded()
    preview.queueDraw()
  }

  /// The page scaled into the preview, a shadow under it, and the image where it prints.
  private func drawPreview(_ cr: OpaquePointer) {
    let (areaWidth, areaHeight) = (Double(preview.allocatedWidth), Double(preview.allocatedHeight))
    let zoom = min((areaWidth - 16) / paper.width, (areaHeight - 16) / paper.height)
    guard zoom > 0 else { return }
    cairo_save(cr)
    cairo_translate(
      cr, ((areaWidth - paper.width * zoom) / 2).rounded(),
      ((areaHeight - paper.height * zoom) / 2).rounded())
    cairo_scale(cr, zoom, zoom)
    cairo_set_source_rgba(cr, 0, 0, 0, 0.25)
    cairo_rectangle(cr, 3 / zoom, 3 / zoom, paper.width, paper.height)
    cairo_fill(cr)
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_rectangle(cr, 0, 0, paper.width, paper.height)
    cairo_fill(cr)
    cairo_translate(cr, paper.left, paper.top)
    ImagePrinter.paint(surface, size: imageSize, at: placement, on: cr)
    cairo_restore(cr)
  }
}
