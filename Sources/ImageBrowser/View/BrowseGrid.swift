// The browse grid: the folder's subfolders and thumbnails in rows, drawn with cairo.
import CCairo  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// Browse mode's view: the open folder's subfolders, then its images, as rows of
/// thumbnails under a path bar. The focused cell is the current image (the viewer's
/// and the strip's index) or a subfolder; picked images are highlighted. A click picks
/// (Ctrl toggles, Shift extends), a drag draws a rubber band that picks the images it
/// touches (`BrowseGrid+RubberBand`), a double click or Return opens (an image in the
/// viewer, a subfolder here), the keys move the focus (`BrowserWindowActions` routes
/// them here while the grid shows).
///
/// Virtual like the strip: one `GtkDrawingArea` paints the cells in view from a
/// `GridLayout` and a scrollbar's adjustment holds the offset, so 10,000 photos or
/// 100,000 subfolders cost what a screenful does. Thumbnails come from the strip's
/// pipeline (`BrowserViewModel.thumbnail(for:size:position:)`: the shared cache, the
/// same decoder helpers and workers, ranked nearest the grid's centre) for the cells in
/// view and a row beyond; requests for cells that scroll away are disposed, far tiles
/// dropped.
final class BrowseGrid {
  /// The thumbnails' bounding square, in points.
  static let thumbnailSize = 128
  /// How many rows beyond the visible ones get thumbnails too.
  static let marginRows = 1

  /// The widget to put in a window: the path bar above the cells and their scrollbar.
  let widget = Box(orientation: .vertical, spacing: 0)
  /// The folder's path, one button per folder, and the parent button.
  let pathBar: PathBar
  /// What a screen reader sees of the cells in view: one list item each.
  let cells = AccessibleItems()
  /// Where the cells are drawn; its accessible children are `cells`.
  let canvas: DrawingArea
  /// The scroll offset, in points from the top.
  let adjustment = Adjustment(
    value: 0, lower: 0, upper: 0, stepIncrement: 1, pageIncrement: 1, pageSize: 0)

  let viewModel: AppViewModel
  let bag = DisposeBag()
  /// The state drawn last.
  private(set) var state: BrowserState
  /// The cell geometry, kept in step with the cell count and the canvas size.
  private(set) var layout = GridLayout(
    cellWidth: Double(thumbnailSize) + 28, cellHeight: Double(thumbnailSize) + 48)
  /// Decoded thumbnails by image id, near the visible range only.
  private var tiles: [ImageItem: DecodedImage] = [:]
  /// Decodes in flight, by image.
  private var loading: [ImageItem: Disposable] = [:]
  private let refresh = SerialDisposable()
  /// The cells' names, laid out once each.
  private let captions = GridCaptions(font: BrowseGrid.captionFont)
  private var folderIcon: OpaquePointer?
  private var errorIcon: OpaquePointer?
  /// The cell the tooltip describes.
  private var tooltipCell: Int?
  /// The device scale the tiles were decoded for.
  private var tileScale = 1
  /// Whether the focused cell should be scrolled into view at the next layout.
  private var revealPending = true

  /// A grid bound to `viewModel`.
  init(viewModel: AppViewModel) {
    self.viewModel = viewModel
    state = viewModel.state.value
    canvas = DrawingArea(accessibleItems: cells)
    pathBar = PathBar(viewModel: viewModel)
    configure()
    bindState()
    bindInput()
    bindRubberBand()
    bindAccessibility()
  }

  isolated deinit {
    refresh.dispose()
    for request in loading.values { request.dispose() }
    if let folderIcon { cairo_surface_destroy(folderIcon) }
    if let errorIcon { cairo_surface_destroy(errorIcon) }
  }

  /// The cells on screen now, or `nil` before the grid is laid out.
  var visibleRange: ClosedRange<Int>? { layout.visibleRange(at: adjustment.value) }

  /// Whether cell `cell` shows its thumbnail now (for tests).
  func showsThumbnail(ofCell cell: Int) -> Bool {
    guard cell < state.gridCellCount, case .image(let index) = state.gridCell(cell) else {
      return false
    }
    return tiles[state.items[index]] != nil
  }

  /// How many images have a thumbnail decoded or on its way (for tests: only the cells
  /// in and near view should).
  var thumbnailsHeld: Int { Set(tiles.keys).union(loading.keys).count }

  /// The centre of cell `cell` in the canvas's coordinates now (for tests that click).
  func centre(ofCell cell: Int) -> (x: Double, y: Double) {
    let origin = layout.origin(of: cell, at: adjustment.value)
    return (origin.x + layout.cellWidth / 2, origin.y + layout.cellHeight / 2)
  }

  private func configure() {
    let scrollbar = Scrollbar(orientation: .vertical, adjustment: adjustment)
    let body = Box(orientation: .horizontal, spacing: 0)
    body.packStart(canvas, expand: true, fill: true, padding: 0)
    body.packStart(scrollbar, expand: false, fill: true, padding: 0)
    widget.packStart(pathBar.widget, expand: false, fill: true, padding: 0)
    widget.packStart(body, expand: true, fill: true, padding: 0)
    widget.styleContext?.addClass("browse-grid")
  }

  private func bindState() {
    viewModel.state.signal
      .subscribe(next: { [weak self] state in self?.follow(state) })
      .disposed(by: bag)
    // Shown again (back from the viewer): the current image in view.
    viewModel.isBrowsing.signal.filter { $0 }
      .subscribe(next: { [weak self] _ in
        self?.revealPending = true
        self?.reveal()
      })
      .disposed(by: bag)
  }

  /// Takes a new state: reloads when the cells changed, reveals the focused cell when
  /// it moved, repaints.
  private func follow(_ new: BrowserState) {
    let old = state
    state = new
    let cellsChanged = old.items != new.items || old.subfolders != new.subfolders
    if cellsChanged {
      // Tiles are kept by image, so a file added or removed does not blank the grid.
      for (item, request) in loading where !new.items.contains(item) {
        request.dispose()
        loading[item] = nil
      }
      if old.phase != new.phase { adjustment.value = 0 }
      tooltipCell = nil
      updateLayout()
      scheduleRefresh()
    }
    if cellsChanged || old.focusedCell != new.focusedCell {
      revealPending = true
      reveal()
    }
    if cellsChanged || old.focusedCell != new.focusedCell || old.selection != new.selection
      || old.failures != new.failures || old.edits != new.edits
    {
      canvas.queueDraw()
      updateCells()
    }
  }

  /// Scrolls the focused cell into view, as little as it takes.
  private func reveal() {
    guard revealPending, let focus = state.focusedCell, layout.viewportHeight > 0 else { return }
    revealPending = false
    adjustment.value = layout.revealingOffset(for: focus, from: adjustment.value)
  }

  // MARK: Geometry

  /// Brings the layout and the scrollbar in step with the cells and the canvas size.
  func updateLayout() {
    var updated = layout
    updated.count = state.gridCellCount
    updated.viewportWidth = Double(canvas.allocatedWidth)
    updated.viewportHeight = Double(canvas.allocatedHeight)
    updated.isRightToLeft = canvas.direction == .rtl
    guard updated != layout || adjustment.upper != layout.contentHeight else { return }
    layout = updated
    rubberBand.relayout(layout)
    adjustment.configure(
      min(adjustment.value, layout.maximumOffset), lower: 0, upper: layout.contentHeight,
      stepIncrement: layout.cellHeight / 2,
      pageIncrement: max(1, Double(layout.rowsPerPage) * layout.cellHeight),
      pageSize: max(1, layout.viewportHeight))
    // A new size (the first real allocation, a resize) keeps the focused cell in view:
    // offsets computed for another width name other rows.
    revealPending = true
    reveal()
    scheduleRefresh()
    updateCells()
  }

  // MARK: Input

  private func bindInput() {
    canvas.rx.draw
      .subscribe(next: { [weak self] cairo in self?.draw(cairo) })
      .disposed(by: bag)
    canvas.rx.sizeAllocate
      .subscribe(next: { [weak self] _ in self?.updateLayout() })
      .disposed(by: bag)
    canvas.rx.directionChanged
      .subscribe(next: { [weak self] _ in self?.updateLayout() })
      .disposed(by: bag)
    canvas.rx.scaleFactor
      .subscribe(next: { [weak self] _ in self?.rescale() })
      .disposed(by: bag)
    adjustment.rx.valueChanged
      .subscribe(next: { [weak self] in
        guard let self else { return }
        canvas.queueDraw()
        scheduleRefresh()
        updateCells()
        tooltipCell = nil
      })
      .disposed(by: bag)
    canvas.rx.buttonPress
      .filter { $0.button == 1 || $0.button == 3 }
      .subscribe(next: { [weak self] event in self?.pressed(event) })
      .disposed(by: bag)
    canvas.rx.scroll
      .subscribe(next: { [weak self] event in self?.scrolled(event) })
      .disposed(by: bag)
    canvas.rx.motion
      .subscribe(next: { [weak self] event in self?.hovered(atX: event.x, y: event.y) })
      .disposed(by: bag)
  }

  private func pressed(_ event: ButtonEvent) {
    canvas.grabFocus()
    if event.button == 1, event.clickCount == 1 { armRubberBand(for: event) }
    guard let cell = layout.index(atX: event.x, y: event.y, offset: adjustment.value) else {
      return
    }
    if event.clickCount == 2, event.button == 1 {
      viewModel.activateGridCell(cell)
      return
    }
    guard event.clickCount == 1 else { return }
    // A right click on a picked image keeps the selection: the menu acts on all of it.
    if event.button == 3, case .image(let index) = state.gridCell(cell), state.isPicked(index) {
      return
    }
    viewModel.pickGridCell(cell, Self.pick(for: event.modifiers))
  }

  /// How a click or key with `modifiers` picks: Ctrl toggles, Shift extends.
  static func pick(for modifiers: ModifierType) -> GridPick {
    if modifiers.contains(.shift) { return .extend }
    if modifiers.contains(.control) { return .toggle }
    return .replace
  }

  private func scrolled(_ event: ScrollEvent) {
    // A wheel step moves half a row; a touchpad as far as the fingers do.
    let step = event.direction == .smooth ? layout.cellHeight : layout.cellHeight / 2
    var delta = event.deltaY * step
    if event.direction == .up { delta = -step }
    if event.direction == .down { delta = step }
    adjustment.value = min(layout.maximumOffset, max(0, adjustment.value + delta))
  }

  /// The tooltip names the cell under the pointer, and says why an image cannot be
  /// shown when it cannot.
  private func hovered(atX x: Double, y: Double) {
    let cell = layout.index(atX: x, y: y, offset: adjustment.value)
    guard cell != tooltipCell else { return }
    tooltipCell = cell
    canvas.tooltipText = cell.map { describe(cell: $0, withFailure: true) }
  }

  /// The name of what cell `cell` shows, for the tooltip and screen readers.
  func describe(cell: Int, withFailure: Bool = false) -> String {
    switch state.gridCell(cell) {
    case .folder(let url):
      // TRANSLATORS: a subfolder's cell in the browse grid, for the tooltip and screen readers.
      return tr("Folder %s", FilePathBytes.shownName(of: url))
    case .image(let index):
      let item = state.items[index]
      guard withFailure, let failure = state.failures[item.id] else { return item.shownName }
      return "\(item.shownName)\n\(failure)"
    }
  }

  // MARK: Thumbnails for the visible range

  private func scheduleRefresh() {
    guard refresh.inner == nil else { return }
    refresh.inner = MainLoopScheduler.main.schedule(after: .zero) { [weak self] in
      guard let self else { return }
      refresh.inner = nil
      refreshVisibleRange()
    }
  }

  /// Asks for the thumbnails of the images in view and a row beyond, nearest the centre
  /// first; stops the others and drops far tiles.
  private func refreshVisibleRange() {
    guard viewModel.isBrowsing.value, !state.items.isEmpty, let visible = visibleRange else {
      return
    }
    let folders = state.subfolders.count
    let margin = Self.marginRows * layout.columns
    let lower = max(folders, visible.lowerBound - margin)
    let upper = min(state.gridCellCount - 1, visible.upperBound + margin)
    guard lower <= upper else { return }
    let wanted = (lower - folders)...(upper - folders)
    let centre = (wanted.lowerBound + wanted.upperBound) / 2
    viewModel.focusThumbnails(on: centre)
    let wantedItems = Set(state.items[wanted])
    for (item, request) in loading where !wantedItems.contains(item) {
      request.dispose()
      loading[item] = nil
    }
    // Keep two screens' worth around the view: scrolling back shows them at once.
    let keep =
      max(
        0, wanted.lowerBound - wanted.count)...min(
        state.items.count - 1, wanted.upperBound + wanted.count)
    if tiles.count > 3 * keep.count {
      let kept = Set(state.items[keep])
      tiles = tiles.filter { kept.contains($0.key) }
    }
    for index in wanted.sorted(by: { abs($0 - centre) < abs($1 - centre) }) {
      let item = state.items[index]
      guard tiles[item] == nil, loading[item] == nil, state.failures[item.id] == nil else {
        continue
      }
      load(item, at: index)
    }
  }

  private func load(_ item: ImageItem, at index: Int) {
    tileScale = max(1, canvas.scaleFactor)
    loading[item] = viewModel.thumbnail(
      for: item, size: Self.thumbnailSize * tileScale, position: index
    )
    .subscribe(
      next: { [weak self] image in self?.tiles[item] = image.withSurface() },
      error: { [weak self] _ in self?.arrived(item) },
      completed: { [weak self] in self?.arrived(item) })
  }

  private func arrived(_ item: ImageItem) {
    loading[item] = nil
    canvas.queueDraw()
  }

  /// Drops the tiles decoded for another device scale and loads the visible ones anew.
  private func rescale() {
    guard canvas.scaleFactor != tileScale else { return }
    for request in loading.values { request.dispose() }
    loading = [:]
    tiles = [:]
    canvas.queueDraw()
    scheduleRefresh()
  }

  /// Starts loading the thumbnails in view (the grid was just shown).
  func shown() {
    updateLayout()
    scheduleRefresh()
  }

  // MARK: Drawing

  private func draw(_ cr: OpaquePointer) {
    let background = GridCaptions.background
    cairo_set_source_rgb(cr, background.0, background.1, background.2)
    cairo_paint(cr)
    guard let visible = visibleRange else {
      drawEmptyMessage(cr)
      return
    }
    let offset = adjustment.value
    let focus = state.focusedCell
    let edits = state.edits
    let size = Double(Self.thumbnailSize)
    captions.beginPaint(room: layout.cellWidth - 14, scale: max(1, canvas.scaleFactor))
    for cell in visible {
      let origin = layout.origin(of: cell, at: offset)
      let x = origin.x.rounded()
      let y = origin.y.rounded()
      let box = (x: x + 4, y: y + 4, width: layout.cellWidth - 8, height: layout.cellHeight - 8)
      let inner = (x: x + (layout.cellWidth - size) / 2, y: y + 10)
      let picked: Bool
      let url: URL
      switch state.gridCell(cell) {
      case .folder(let folder):
        picked = cell == focus
        url = folder
      case .image(let index):
        picked = state.isPicked(index)
        url = state.items[index].url
      }
      if picked {
        roundedBox(cr, box.x, box.y, box.width, box.height, radius: 6)
        let highlight = GridCaptions.pickedBackground
        cairo_set_source_rgb(cr, highlight.0, highlight.1, highlight.2)
        cairo_fill(cr)
      }
      switch state.gridCell(cell) {
      case .folder:
        paintIcon(cr, folder: true, centreX: inner.x + size / 2, centreY: inner.y + size / 2)
      case .image(let index):
        let item = state.items[index]
        if state.failures[item.id] != nil {
          roundedBox(cr, inner.x, inner.y, size, size, radius: 3)
          cairo_set_source_rgb(cr, 0x5c / 255.0, 0x2b / 255.0, 0x2b / 255.0)
          cairo_fill(cr)
          paintIcon(cr, folder: false, centreX: inner.x + size / 2, centreY: inner.y + size / 2)
        } else if let tile = tiles[item], let surface = tile.surface {
          paintTile(cr, tile: tile, surface: surface, edit: edits[item.id] ?? .up, inner: inner)
        } else {
          roundedBox(cr, inner.x + 8, inner.y + 8, size - 16, size - 16, radius: 3)
          cairo_set_source_rgb(cr, 0x3a / 255.0, 0x3a / 255.0, 0x3c / 255.0)
          cairo_fill(cr)
        }
      }
      captions.paint(
        FilePathBytes.shownName(of: url), of: url, centreX: x + layout.cellWidth / 2,
        top: inner.y + size + 8, picked: picked, on: cr)
      // Last, so the name's opaque image never covers the focus line.
      if cell == focus, canvas.hasFocus {
        cairo_save(cr)
        cairo_set_line_width(cr, 2)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_rectangle(cr, box.x + 2, box.y + 2, box.width - 4, box.height - 4)
        cairo_stroke(cr)
        cairo_restore(cr)
      }
    }
    drawRubberBand(cr)
  }

  /// The font of the cells' names and of the message of an empty folder.
  static let captionFont = "Sans 9"
  static let messageFont = "Sans 11"

  private func paintTile(
    _ cr: OpaquePointer, tile: DecodedImage, surface: OpaquePointer,
    edit: ImageBrowserCore.Orientation,
    inner: (x: Double, y: Double)
  ) {
    let size = Double(Self.thumbnailSize)
    let scale = Double(tileScale)
    cairo_surface_set_device_scale(surface, scale, scale)
    let width = Double(tile.width) / scale
    let height = Double(tile.height) / scale
    let shown = edit.swapsDimensions ? (height, width) : (width, height)
    cairo_save(cr)
    // Aligned to the cell's bottom edge, as file managers do, so names line up.
    cairo_translate(
      cr, (inner.x + (size - shown.0) / 2).rounded(), (inner.y + size - shown.1).rounded())
    OrientationPainting.apply(edit, width: width, height: height, to: cr)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_paint(cr)
    cairo_restore(cr)
  }

  /// The grid of an open folder with neither subfolders nor images says so.
  private func drawEmptyMessage(_ cr: OpaquePointer) {
    guard let message = state.placeholder else { return }
    let context = CairoContext(borrowing: cr)
    let size = context.measureText(message, font: Self.messageFont)
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9)
    context.drawText(
      message, x: ((Double(canvas.allocatedWidth) - size.width) / 2).rounded(),
      y: ((Double(canvas.allocatedHeight) - size.height) / 2).rounded(), font: Self.messageFont)
  }

  /// Paints the folder icon or the error icon centred at a point.
  private func paintIcon(_ cr: OpaquePointer, folder: Bool, centreX: Double, centreY: Double) {
    let name = folder ? "folder" : "image-missing"
    let existing = folder ? folderIcon : errorIcon
    var icon = existing
    if icon == nil,
      let pixbuf = try? IconTheme.default?.loadIcon(name, size: folder ? 96 : 48, flags: [])
    {
      let image = DecodedImage(retaining: OpaquePointer(pixbuf.pointer)).withSurface()
      // Referenced while `image` is certainly alive: it destroys its own reference.
      icon = withExtendedLifetime(image) { image.surface.map { cairo_surface_reference($0) } }
      if folder { folderIcon = icon } else { errorIcon = icon }
    }
    guard let icon else { return }
    let width = Double(cairo_image_surface_get_width(icon))
    let height = Double(cairo_image_surface_get_height(icon))
    cairo_set_source_surface(
      cr, icon, (centreX - width / 2).rounded(), (centreY - height / 2).rounded())
    cairo_paint(cr)
  }
}

/// Adds a rectangle with rounded corners to the current path.
private func roundedBox(
  _ cr: OpaquePointer, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  radius: Double
) {
  cairo_new_sub_path(cr)
  cairo_arc(cr, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
  cairo_arc(cr, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
  cairo_arc(cr, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
  cairo_arc(cr, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
  cairo_close_path(cr)
}
