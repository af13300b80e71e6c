// The zoom level in the header bar: shown as a percentage, typed, or picked from presets.
import GtkReactive
import ImageBrowserCore
import Reactive

/// A field showing the zoom ("Fit", "150 %") that takes a typed percentage (Return
/// applies it), and a menu of presets: fit, fill width, 50 %, 100 %, 200 %, 400 %.
/// Both act through the window's actions (`win.zoom-to` with the scale as a string,
/// `win.zoom-fit`, `win.zoom-fill-width`), so they are insensitive without an image.
final class ZoomControl {
  /// The field and the presets button, linked.
  let widget = Box(orientation: .horizontal, spacing: 0)
  /// The zoom as text; type a percentage and press Return.
  let entry = Entry()
  /// Opens the presets.
  let presetsButton = MenuButton()
  /// The presets' items, in `presetsButton`'s popover.
  let presetsModel: MenuModel
  /// The presets popover's items, built when it first opens (`BrowserHeaderBar.buildPopups`).
  let presetsContent: PopupContent
  /// The presets offered, as scales (1 is 100 %).
  static let presets: [Double] = [0.5, 1, 2, 4]

  private let bag = DisposeBag()

  /// A control showing and setting `viewModel`'s zoom.
  init(viewModel: AppViewModel) {
    widget.styleContext?.addClass("linked")
    entry.widthChars = 6
    entry.xalign = 1
    entry.accessibleName = tr("Zoom level")
    entry.tooltipText = tr("Zoom level: type a percentage, or choose")
    presetsButton.accessibleName = tr("Zoom presets")
    presetsModel = Gio.Menu {
      MenuEntry.section {
        MenuEntry.item(tr("Best _Fit"), action: "win.zoom-fit")
        MenuEntry.item(tr("Fill _Width"), action: "win.zoom-fill-width")
      }
      MenuEntry.section {
        for scale in Self.presets {
          MenuEntry.item(
            Zoom.percentage(Int(scale * 100)), action: "win.zoom-to", target: String(scale))
        }
      }
    }
    presetsContent = PopupContent(popoverOf: presetsButton, model: presetsModel)
    widget.packStart(entry, expand: false, fill: true, padding: 0)
    widget.packStart(presetsButton, expand: false, fill: true, padding: 0)

    // Nothing to zoom (no image, no match, an image that cannot be shown): the field is
    // empty and insensitive, and so is the presets button (its items follow their
    // actions, the button itself does not).
    let canZoom = viewModel.commands.zoomTo.isEnabled
    viewModel.zoom.signal.combineLatest(with: viewModel.geometry.signal)
      .combineLatest(with: canZoom.signal)
      .subscribe(next: { [weak self] zoomAndGeometry, canZoom in
        let (zoom, geometry) = zoomAndGeometry
        guard let self else { return }
        entry.isSensitive = canZoom
        presetsButton.isSensitive = canZoom
        guard !entry.isFocus else { return }
        // No geometry while the image decodes (a thumbnail may stand in): its size is
        // not known, so the percentage stays until it is.
        if canZoom, geometry == nil, !entry.text.isEmpty { return }
        entry.text = canZoom ? Self.text(zoom, geometry) : ""
      })
      .disposed(by: bag)
    // Left without Return (Escape, a click elsewhere), the field shows the zoom again
    // instead of what was typed.
    entry.rx.isFocus.changes.filter { !$0 }
      .subscribe(next: { [weak self, weak viewModel] _ in
        guard let self, let viewModel, canZoom.value else { return }
        entry.text = Self.text(viewModel.zoom.value, viewModel.geometry.value)
      })
      .disposed(by: bag)
    entry.rx.activate
      .subscribe(next: { [weak self, weak viewModel] in
        guard let self, let viewModel else { return }
        if let zoom = Zoom.parse(entry.text) { viewModel.zoom(to: zoom) }
        entry.text = Self.text(viewModel.zoom.value, viewModel.geometry.value)
      })
      .disposed(by: bag)
  }

  /// The zoom as a percentage of the image shown now ("35 %" when it fits).
  static func text(_ zoom: Zoom, _ geometry: ViewerGeometry?) -> String {
    zoom.label(fitScale: geometry?.fitScale ?? 1, fillWidthScale: geometry?.fillWidthScale)
  }
}
