// The thumbnail strip: a virtual row of cells drawn with cairo, only the visible ones.
import CCairo  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// The strip along the bottom of the window: one row of thumbnails with the current
/// image highlighted and scrolled to the middle on every index change; a click selects
/// an image, the wheel and the scrollbar scroll.
///
/// It is virtual: a `GtkDrawingArea` as wide as the window paints the cells in view
/// from a `StripLayout`, and a scrollbar's adjustment holds the offset. No widget, row
/// or model entry exists per image, so 10,000 images cost what 12 do — a `GtkIconView`
/// (what Eye of GNOME uses) lays out every item again on each change, which at 10,000
/// images takes longer than a key repeat.
///
/// It follows the view model through a `StripBinding`. Thumbnails are decoded only for
/// the cells in view and `margin` beyond, nearest the centre first; requests for cells
/// that scroll away are disposed (dropping them from the decode queue), and thumbnails
/// far out of view are dropped, so memory follows the window, not the folder. Arrivals
/// only mark the strip for redrawing, so any number of them costs one repaint per frame.
final class ThumbnailStrip {
  /// The thumbnails' bounding square, in pixels.
  static let thumbnailSize = 96
  /// Space between a thumbnail and its cell's edge (where the highlight shows).
  static let padding = 5.0
  /// How many cells beyond the visible range get thumbnails too.
  static let margin = 6

  /// The widget to put in a window: the cells above their scrollbar.
  let widget = Box(orientation: .vertical, spacing: 0)
  /// What a screen reader sees of the cells in view: one list item each.
  let cells = AccessibleItems()
  /// Where the cells are drawn; its accessible children are `cells`.
  let canvas: DrawingArea
  /// The scroll offset, in points from the strip's start.
  let adjustment = Adjustment(
    value: 0, lower: 0, upper: 0, stepIncrement: 1, pageIncrement: 1, pageSize: 0)
  /// Scrolls the cells; drawn only when they do not all fit (`updateLayout`).
  private(set) lazy var scrollbar = Scrollbar(orientation: .horizontal, adjustment: adjustment)

  /// How many thumbnails of the cells in and near view are still being made.
  let pendingThumbnails = MutableProperty(0)

  /// What a cell shows.
  enum CellContent: Hashable {
    /// The shared placeholder: nothing decoded (yet).
    case placeholder
    /// Its thumbnail.
    case thumbnail
    /// The error tile: the image cannot be decoded.
    case error
  }

  private let viewModel: AppViewModel
  private var binding: StripBinding?
  let bag = DisposeBag()
  private(set) var items: [ImageItem] = []
  /// The cell geometry, kept in step with the item count and the canvas width.
  private(set) var layout = StripLayout(pitch: Double(thumbnailSize) + 2 * padding + 4)
  /// The highlighted cell.
  private(set) var selectedIndex: Int?
  /// The cell the user just picked here, until the strip scrolls to it: it is shown
  /// whole rather than centred.
  private var pickedRow: Int?
  /// Decoded thumbnails (with cairo surfaces) by row, near the visible range only.
  private var tiles: [Int: DecodedImage] = [:]
  /// Decodes in flight, by row (rows only change on `reload`, which cancels them all).
  private var loading: [Int: Disposable] = [:]
  private let refresh = SerialDisposable()
  private var errorIcon: OpaquePointer?
  /// The cell the tooltip describes.
  private var tooltipRow: Int?
  /// Where the pointer is over the strip, while it is: the tooltip follows the cell under
  /// it when the strip scrolls beneath a still pointer.
  private var pointerX: Double?
  /// The device scale the tiles were decoded for (2 on a HiDPI screen).
  private var tileScale = 1

  /// A strip bound to `viewModel`.
  init(viewModel: AppViewModel) {
    self.viewModel = viewModel
    canvas = DrawingArea(accessibleItems: cells)
    configure()
    bindInput()
    bindAccessibility()
    viewModel.failures.changes
      .subscribe(next: { [weak self] _ in self?.canvas.queueDraw() })
      .disposed(by: bag)
    // A turn or a mirror not saved shows in its cell too.
    viewModel.edits.changes
      .subscribe(next: { [weak self] _ in self?.canvas.queueDraw() })
      .disposed(by: bag)
    viewModel.isBrowsing.changes.filter { !$0 }
      .subscribe(next: { [weak self] _ in self?.scheduleRefresh() })
      .disposed(by: bag)
    binding = StripBinding(
      viewModel: viewModel,
      cells: StripBinding.Cells(
        reload: { [weak self] items in self?.reload(items) },
        select: { [weak self] index in self?.select(index) },
        centre: { [weak self] index in self?.centre(index) }))
  }

  isolated deinit {
    refresh.dispose()
    for request in loading.values { request.dispose() }
    if let errorIcon { cairo_surface_destroy(errorIcon) }
  }

  /// How many selections the strip took as the user's (a click), for tests: a
  /// programmatic selection must never count.
  var userSelectionCount: Int { binding?.userSelectionCount ?? 0 }

  /// How many cells the strip has.
  var itemCount: Int { items.count }

  /// The cells on screen now, or `nil` before the strip is laid out.
  var visibleRange: ClosedRange<Int>? { layout.visibleRows(at: adjustment.value) }

  /// What cell `row` shows now.
  func content(ofRow row: Int) -> CellContent {
    guard items.indices.contains(row) else { return .placeholder }
    if viewModel.failures.value[items[row].id] != nil { return .error }
    return tiles[row] != nil ? .thumbnail : .placeholder
  }

  /// The centre of cell `row` in the canvas's coordinates now (for tests that click).
  func centre(ofRow row: Int) -> (x: Double, y: Double) {
    let x = layout.viewX(of: row, at: adjustment.value) + layout.pitch / 2
    return (x, Double(canvas.allocatedHeight) / 2)
  }

  private func configure() {
    let height = Int(Double(Self.thumbnailSize) + 2 * Self.padding + 12)
    canvas.setSizeRequest(-1, height: height)
    // Right to left, the strip starts at the right: so does the scrollbar's slider.
    scrollbar.isFlippable = true
    widget.packStart(canvas, expand: false, fill: true, padding: 0)
    widget.packStart(scrollbar, expand: false, fill: true, padding: 0)
    widget.accessibleName = tr("Thumbnail strip")
    // The box behind the scrollbar (and its space while hidden) is the cells' colour
    // (`BrowserWindow.installStyle`), not the theme's window background.
    widget.styleContext?.addClass("thumbnail-strip")
  }

  private func bindInput() {
    canvas.rx.draw
      .subscribe(next: { [weak self] cairo in self?.draw(cairo) })
      .disposed(by: bag)
    canvas.rx.sizeAllocate
      .subscribe(next: { [weak self] _ in self?.updateLayout() })
      .disposed(by: bag)
    canvas.rx.directionChanged
      .subscribe(next: { [weak self] _ in
        self?.updateLayout()
        self?.canvas.queueDraw()
      })
      .disposed(by: bag)
    adjustment.rx.valueChanged
      .subscribe(next: { [weak self] in
        guard let self else { return }
        canvas.queueDraw()
        scheduleRefresh()
        updateCells()
        if let pointerX { hovered(atX: pointerX) }
      })
      .disposed(by: bag)
    canvas.rx.leaveNotifyEvent
      .subscribe(next: { [weak self] _ in self?.pointerX = nil })
      .disposed(by: bag)
    // Moved to a screen of another scale: thumbnails are decoded again, sharp there.
    canvas.rx.scaleFactor
      .subscribe(next: { [weak self] _ in self?.rescale() })
      .disposed(by: bag)
    canvas.rx.buttonPress
      .filter { ($0.button == 1 || $0.button == 3) && $0.clickCount == 1 }
      .subscribe(next: { [weak self] event in self?.clicked(atX: event.x) })
      .disposed(by: bag)
    canvas.rx.scroll
      .subscribe(next: { [weak self] event in self?.scrolled(event) })
      .disposed(by: bag)
    canvas.rx.motion
      .map(\.x)
      .subscribe(next: { [weak self] x in self?.hovered(atX: x) })
      .disposed(by: bag)
  }

  // MARK: The binding's cell operations

  private func reload(_ newItems: [ImageItem]) {
    for request in loading.values { request.dispose() }
    loading = [:]
    countPending()
    // Thumbnails of images still there move with them (a file added or deleted in the
    // folder must not blank the strip); a changed file's item differs, so it is redone.
    var kept: [ImageItem: DecodedImage] = [:]
    for (row, tile) in tiles where row < items.count { kept[items[row]] = tile }
    tiles = [:]
    if !kept.isEmpty {
      for (row, item) in newItems.enumerated() {
        if let tile = kept[item] { tiles[row] = tile }
      }
    }
    items = newItems
    selectedIndex = nil
    tooltipRow = nil
    updateLayout()
    canvas.queueDraw()
    scheduleRefresh()
    updateCells()
  }

  private func select(_ index: Int?) {
    selectedIndex = index
    canvas.queueDraw()
    updateCells()
  }

  /// Scrolls to the current cell: centred when the image changed by paging, and only as
  /// far as it takes to show it whole when the user picked it here, so the cell stays
  /// under the pointer (and its tooltip names it, not a neighbour).
  private func centre(_ index: Int) {
    updateLayout()
    if index == pickedRow {
      adjustment.value = layout.revealingOffset(for: index, from: adjustment.value)
    } else {
      adjustment.value = layout.centringOffset(for: index)
    }
    pickedRow = nil
    scheduleRefresh()
  }

  // MARK: Input

  private func clicked(atX x: Double) {
    guard let row = layout.row(atViewX: x, offset: adjustment.value) else { return }
    pick(row)
  }

  /// The user picked cell `row` (a click, or a screen reader's "activate").
  func pick(_ row: Int) {
    guard items.indices.contains(row) else { return }
    // The strip highlights the cell itself, as a list widget would, then tells the
    // binding (which then only centres it).
    select(row)
    pickedRow = row
    binding?.userSelected(row)
  }

  /// The pointer is over `x`: the tooltip names the image there, and says why it cannot
  /// be shown when it cannot.
  func hovered(atX x: Double) {
    pointerX = x
    let row = layout.row(atViewX: x, offset: adjustment.value)
    guard row != tooltipRow else { return }
    tooltipRow = row
    var text: String?
    if let row, items.indices.contains(row) {
      let item = items[row]
      text = item.shownName
      if let failure = viewModel.failures.value[item.id] { text? += "\n\(failure)" }
    }
    canvas.tooltipText = text
  }

  private func scrolled(_ event: ScrollEvent) {
    // A wheel step moves three cells; a touchpad moves as far as the fingers do.
    let step = event.direction == .smooth ? layout.pitch : 3 * layout.pitch
    let delta = layout.scrollDistance(dx: event.deltaX, dy: event.deltaY) * step
    adjustment.value = min(layout.maximumOffset, max(0, adjustment.value + delta))
  }

  // MARK: Geometry

  /// Brings the layout and the scrollbar in step with the items and the canvas width.
  private func updateLayout() {
    var updated = layout
    updated.count = items.count
    updated.viewportWidth = Double(canvas.allocatedWidth)
    updated.isRightToLeft = canvas.direction == .rtl
    guard updated != layout || adjustment.upper != layout.contentWidth else { return }
    layout = updated
    // A scrollbar with nothing to scroll is an empty trough under the cells. It keeps its
    // space (not drawn, not mapped), so the viewer above does not change size whenever the
    // folder's count crosses a screenful.
    scrollbar.childVisible = layout.maximumOffset > 0
    adjustment.configure(
      min(adjustment.value, layout.maximumOffset), lower: 0, upper: layout.contentWidth,
      stepIncrement: layout.pitch, pageIncrement: max(1, layout.viewportWidth - layout.pitch),
      pageSize: max(1, layout.viewportWidth))
    if let selectedIndex, selectedIndex < items.count {
      adjustment.value = layout.centringOffset(for: selectedIndex)
    }
    scheduleRefresh()
    updateCells()
  }

  // MARK: Thumbnails for the visible range

  /// Coalesces refreshes into one pass of the main loop (a 0 ms timeout).
  private func scheduleRefresh() {
    guard refresh.inner == nil else { return }
    refresh.inner = MainLoopScheduler.main.schedule(after: .zero) { [weak self] in
      guard let self else { return }
      refresh.inner = nil
      refreshVisibleRange()
    }
  }

  private func refreshVisibleRange() {
    // Hidden behind the browse grid, which asks the same pipeline for what it shows:
    // the strip asks for nothing until it is back.
    guard !items.isEmpty, !viewModel.isBrowsing.value else { return }
    let visible = visibleRange ?? 0...min(items.count - 1, 15)
    viewModel.focusThumbnails(on: (visible.lowerBound + visible.upperBound) / 2)
    let wanted =
      max(
        0, visible.lowerBound - Self.margin)...min(
        items.count - 1, visible.upperBound + Self.margin)
    // Far-away cells go back to the placeholder; decodes out of the wanted range stop.
    let keep = (wanted.lowerBound - wanted.count)...(wanted.upperBound + wanted.count)
    tiles = tiles.filter { keep.contains($0.key) }
    for (row, request) in loading where !wanted.contains(row) {
      request.dispose()
      loading[row] = nil
    }
    let failures = viewModel.failures.value
    // Nearest the centre first, so the pool's queue starts in the right order.
    let centre = (visible.lowerBound + visible.upperBound) / 2
    for row in wanted.sorted(by: { abs($0 - centre) < abs($1 - centre) })
    where tiles[row] == nil && loading[row] == nil && failures[items[row].id] == nil {
      load(row)
    }
    countPending()
  }

  private func countPending() {
    if pendingThumbnails.value != loading.count { pendingThumbnails.value = loading.count }
  }

  /// Drops the tiles decoded for another device scale and loads the visible ones anew.
  private func rescale() {
    guard canvas.scaleFactor != tileScale else { return }
    for request in loading.values { request.dispose() }
    loading = [:]
    tiles = [:]
    countPending()
    canvas.queueDraw()
    scheduleRefresh()
  }

  private func load(_ row: Int) {
    let item = items[row]
    // Decoded at device pixels (192 at scale 2, from the large cache), painted at 96.
    tileScale = max(1, canvas.scaleFactor)
    let size = Self.thumbnailSize * tileScale
    loading[row] = viewModel.thumbnail(for: item, size: size, position: row)
      .subscribe(
        next: { [weak self] image in self?.tiles[row] = image.withSurface() },
        error: { [weak self] _ in self?.arrived(row) },
        completed: { [weak self] in self?.arrived(row) })
  }

  /// An arrival only asks for a repaint: GTK paints at most once per frame, so a burst
  /// of arrivals is applied in one batch.
  private func arrived(_ row: Int) {
    loading[row] = nil
    countPending()
    canvas.queueDraw()
  }

  // MARK: Drawing

  private func draw(_ cr: OpaquePointer) {
    let height = Double(canvas.allocatedHeight)
    cairo_set_source_rgb(cr, 0x24 / 255.0, 0x24 / 255.0, 0x26 / 255.0)
    cairo_paint(cr)
    guard let visible = visibleRange else { return }
    let offset = adjustment.value
    let cell = layout.pitch - 4
    let top = ((height - cell) / 2).rounded()
    let failures = viewModel.failures.value
    let edits = viewModel.edits.value
    for row in visible {
      let x = layout.viewX(of: row, at: offset).rounded()
      if row == selectedIndex {
        roundedRectangle(cr, x: x, y: top, width: cell, height: cell, radius: 5)
        cairo_set_source_rgb(cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0)
        cairo_fill(cr)
        if canvas.hasFocus { paintFocus(cr, x: x, y: top, size: cell) }
      }
      let inner = (x: x + Self.padding, y: top + Self.padding, size: Double(Self.thumbnailSize))
      if failures[items[row].id] != nil {
        roundedRectangle(
          cr, x: inner.x, y: inner.y, width: inner.size, height: inner.size, radius: 3)
        cairo_set_source_rgb(cr, 0x5c / 255.0, 0x2b / 255.0, 0x2b / 255.0)
        cairo_fill(cr)
        paintErrorIcon(cr, centreX: inner.x + inner.size / 2, centreY: inner.y + inner.size / 2)
      } else if let tile = tiles[row], let surface = tile.surface {
        // Turned or mirrored as the user's edit not saved yet shows the image.
        let edit = edits[items[row].id] ?? .up
        let scale = Double(tileScale)
        cairo_surface_set_device_scale(surface, scale, scale)
        let width = Double(tile.width) / scale
        let tileHeight = Double(tile.height) / scale
        let shown = edit.swapsDimensions ? (tileHeight, width) : (width, tileHeight)
        let left = (inner.x + (inner.size - shown.0) / 2).rounded()
        let y = (inner.y + (inner.size - shown.1) / 2).rounded()
        cairo_save(cr)
        cairo_translate(cr, left, y)
        OrientationPainting.apply(edit, width: width, height: tileHeight, to: cr)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
      } else {
        roundedRectangle(
          cr, x: inner.x, y: inner.y, width: inner.size, height: inner.size, radius: 3)
        cairo_set_source_rgb(cr, 0x3a / 255.0, 0x3a / 255.0, 0x3c / 255.0)
        cairo_fill(cr)
      }
    }
  }

  private func paintErrorIcon(_ cr: OpaquePointer, centreX: Double, centreY: Double) {
    if errorIcon == nil,
      let icon = try? IconTheme.default?.loadIcon("image-missing", size: 48, flags: [])
    {
      let image = DecodedImage(retaining: OpaquePointer(icon.pointer)).withSurface()
      // Referenced while `image` is certainly alive: it destroys its own reference.
      errorIcon = withExtendedLifetime(image) { image.surface.map { cairo_surface_reference($0) } }
    }
    guard let errorIcon else { return }
    let width = Double(cairo_image_surface_get_width(errorIcon))
    let height = Double(cairo_image_surface_get_height(errorIcon))
    cairo_set_source_surface(
      cr, errorIcon, (centreX - width / 2).rounded(), (centreY - height / 2).rounded())
    cairo_paint(cr)
  }
}

/// Adds a rectangle with rounded corners to the current path.
private func roundedRectangle(
  _ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double
) {
  cairo_new_sub_path(cr)
  cairo_arc(cr, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
  cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
  cairo_arc(cr, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
  cairo_arc(cr, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
  cairo_close_path(cr)
}
