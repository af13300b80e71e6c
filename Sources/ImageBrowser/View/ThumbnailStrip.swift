// The thumbnail strip: one row of fixed-size cells in a horizontal GtkIconView.
import CGtk
import Foundation
import GtkReactive
import Reactive

/// The strip along the bottom of the window: a one-row `GtkIconView` with fixed-size
/// cells, the current image selected and scrolled to the centre on every index change;
/// a click selects an image.
///
/// It follows the view model through a `StripBinding` (which keeps programmatic
/// selections from echoing back as the user's). At scale it does what Eye of GNOME
/// does: the model is filled while detached from the view, every cell starts with one
/// shared placeholder, thumbnails are decoded only for the visible range (refreshed
/// from the scroll adjustment, coalesced into one main-loop pass), arrivals are applied in one
/// batch per main-loop pass, and cells that scroll far away go back to the placeholder.
final class ThumbnailStrip {
  /// The thumbnails' bounding square, in pixels.
  static let thumbnailSize = 96
  /// How many cells beyond the visible range get thumbnails too.
  static let margin = 6

  /// The widget to put in a window.
  let widget = ScrolledWindow()
  /// The icon view inside it.
  let iconView = IconView()

  private let viewModel: AppViewModel
  private var binding: StripBinding?
  private let bag = DisposeBag()
  private var store: ListStore?
  private var items: [ImageItem] = []
  /// Rows showing a real thumbnail or an error tile (not the placeholder).
  private var filledRows: Set<Int> = []
  private var thumbnails: [URL: Pixbuf] = [:]
  /// Decodes in flight, with the row each one is for (rows only change on `reload`,
  /// which cancels them all).
  private var loading: [URL: (row: Int, request: Disposable)] = [:]
  private let refresh = SerialDisposable()

  /// The pixbuf every cell shows until its thumbnail arrives.
  let placeholder: Pixbuf
  /// The pixbuf of a cell whose image cannot be decoded.
  let errorTile: Pixbuf

  /// A strip bound to `viewModel`.
  init(viewModel: AppViewModel) {
    self.viewModel = viewModel
    placeholder = Self.tile(rgba: 0x3a_3a_3c_ff, icon: nil)
    errorTile = Self.tile(rgba: 0x5c_2b_2b_ff, icon: "image-missing")
    configure()
    bindScrolling()
    iconView.rx.signal(named: "selection-changed")
      .subscribe(next: { [weak self] in
        guard let self, iconView.model != nil else { return }
        binding?.userSelected(iconView.selectedIndices.first)
      })
      .disposed(by: bag)
    viewModel.failures.changes
      .subscribe(next: { [weak self] _ in self?.scheduleRefresh() })
      .disposed(by: bag)
    binding = StripBinding(
      viewModel: viewModel,
      cells: StripBinding.Cells(
        reload: { [weak self] items in self?.reload(items) },
        select: { [weak self] index in self?.select(index) },
        centre: { [weak self] index in self?.centre(index) }))
  }

  /// How many selections the strip took as the user's (a click), for tests: a
  /// programmatic selection must never count.
  var userSelectionCount: Int { binding?.userSelectionCount ?? 0 }

  deinit {
    refresh.dispose()
    for entry in loading.values { entry.request.dispose() }
  }

  private func configure() {
    let view = iconView.pointer(as: GtkIconView.self)
    iconView.pixbufColumn = 0
    gtk_icon_view_set_tooltip_column(view, 1)
    gtk_icon_view_set_item_orientation(view, GTK_ORIENTATION_VERTICAL)
    gtk_icon_view_set_item_width(view, Int32(Self.thumbnailSize))
    gtk_icon_view_set_item_padding(view, 3)
    gtk_icon_view_set_margin(view, 4)
    gtk_icon_view_set_column_spacing(view, 4)
    gtk_icon_view_set_row_spacing(view, 0)
    iconView.selectionMode = GTK_SELECTION_SINGLE
    iconView.setAccessibleName("Thumbnails", tooltip: nil)
    iconView.addStyleClass("thumbnail-strip")
    gtk_scrolled_window_set_policy(
      widget.pointer(as: GtkScrolledWindow.self), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    let height = Self.thumbnailSize + 2 * (3 + 4) + 20
    gtk_widget_set_size_request(widget.pointer(as: GtkWidget.self), -1, Int32(height))
    widget.add(iconView)
    widget.setAccessibleName("Thumbnail strip")
  }

  // MARK: The binding's cell operations

  private func reload(_ newItems: [ImageItem]) {
    for entry in loading.values { entry.request.dispose() }
    loading = [:]
    filledRows = []
    let kept = Set(newItems.map(\.id))
    thumbnails = thumbnails.filter { kept.contains($0.key) }
    items = newItems
    // Filled while detached: each insert into an attached model relayouts the view.
    iconView.model = nil
    let store = ListStore(columns: [Pixbuf.self, String.self])
    store.append(count: newItems.count)
    for (row, item) in newItems.enumerated() {
      store.set(placeholder, row: row, column: 0)
      store.set(item.displayName, row: row, column: 1)
    }
    self.store = store
    // One row: as many columns as images.
    iconView.columns = max(newItems.count, 1)
    iconView.model = store
    scheduleRefresh()
  }

  private func select(_ index: Int?) {
    // While the view is destroyed it drops its model; there is nothing left to select.
    guard gtk_icon_view_get_model(iconView.pointer(as: GtkIconView.self)) != nil else { return }
    guard let index else {
      gtk_icon_view_unselect_all(iconView.pointer(as: GtkIconView.self))
      return
    }
    let path = treePathFor(index)
    defer { gtk_tree_path_free(path) }
    let view = iconView.pointer(as: GtkIconView.self)
    gtk_icon_view_set_cursor(view, path, nil, 0)
    gtk_icon_view_unselect_all(view)
    gtk_icon_view_select_path(view, path)
  }

  private func centre(_ index: Int) {
    guard iconView.model != nil else { return }
    iconView.scrollToItem(at: index, alignment: (row: 0.5, column: 0.5))
    scheduleRefresh()
  }

  // MARK: Thumbnails for the visible range

  private func bindScrolling() {
    let adjustment = widget.horizontalAdjustment
    adjustment.rx.signal(named: "value-changed")
      .subscribe(next: { [weak self] in self?.scheduleRefresh() })
      .disposed(by: bag)
    adjustment.rx.signal(named: "changed")
      .subscribe(next: { [weak self] in self?.scheduleRefresh() })
      .disposed(by: bag)
  }

  /// Coalesces refreshes into one pass of the main loop (a 0 ms timeout).
  private func scheduleRefresh() {
    guard refresh.inner == nil else { return }
    refresh.inner = MainLoopScheduler.main.schedule(after: .zero) { [weak self] in
      guard let self else { return }
      refresh.inner = nil
      refreshVisibleRange()
    }
  }

  /// The rows on screen now, or `nil` before the view is laid out.
  var visibleRange: ClosedRange<Int>? {
    var start: OpaquePointer?
    var end: OpaquePointer?
    guard
      gtk_icon_view_get_visible_range(iconView.pointer(as: GtkIconView.self), &start, &end)
        != 0
    else { return nil }
    defer {
      gtk_tree_path_free(start)
      gtk_tree_path_free(end)
    }
    guard let first = rowOf(start), let last = rowOf(end), first <= last else { return nil }
    return first...last
  }

  private func refreshVisibleRange() {
    guard let store, !items.isEmpty else { return }
    let visible = visibleRange ?? 0...min(items.count - 1, 15)
    viewModel.focusThumbnails(on: (visible.lowerBound + visible.upperBound) / 2)
    let wanted =
      max(
        0, visible.lowerBound - Self.margin)...min(
        items.count - 1, visible.upperBound + Self.margin)
    // Far-away cells go back to the shared placeholder; their decodes stop.
    let keep = max(0, wanted.lowerBound - wanted.count)...(wanted.upperBound + wanted.count)
    for row in filledRows where !keep.contains(row) {
      store.set(placeholder, row: row, column: 0)
      filledRows.remove(row)
      if row < items.count { thumbnails[items[row].id] = nil }
    }
    for (url, entry) in loading where !wanted.contains(entry.row) {
      entry.request.dispose()
      loading[url] = nil
    }
    let failures = viewModel.failures.value
    for row in wanted {
      let item = items[row]
      if failures[item.id] != nil {
        if !filledRows.contains(row) || thumbnails[item.id] != nil {
          thumbnails[item.id] = nil
          store.set(errorTile, row: row, column: 0)
          filledRows.insert(row)
        }
      } else if let thumbnail = thumbnails[item.id] {
        if !filledRows.contains(row) {
          store.set(thumbnail, row: row, column: 0)
          filledRows.insert(row)
        }
      } else if loading[item.id] == nil, !filledRows.contains(row) {
        load(item, row: row)
      }
    }
  }

  private func load(_ item: ImageItem, row: Int) {
    let url = item.id
    let request = viewModel.thumbnail(for: item, size: Self.thumbnailSize, position: row)
      .subscribe(
        next: { [weak self] image in
          self?.thumbnails[url] = Self.squared(image)
        },
        error: { [weak self] _ in self?.arrive(url) },
        completed: { [weak self] in self?.arrive(url) })
    loading[url] = (row, request)
  }

  /// Arrivals are applied by the next coalesced refresh, in one batch per main-loop
  /// pass: each `row-changed` relayouts the whole view.
  private func arrive(_ url: URL) {
    loading[url] = nil
    scheduleRefresh()
  }

  // MARK: Tiles

  /// `image` centred on a transparent square of the thumbnail size, so every cell has
  /// the same size and thumbnails sit in the middle of their cells.
  private static func squared(_ image: DecodedImage) -> Pixbuf {
    let size = thumbnailSize
    let tile = Pixbuf(width: size, height: size, hasAlpha: true, rgba: 0)
    let width = Int32(min(image.width, size))
    let height = Int32(min(image.height, size))
    let x = (Int32(size) - width) / 2
    let y = (Int32(size) - height) / 2
    gdk_pixbuf_copy_area(image.pixbuf, 0, 0, width, height, OpaquePointer(tile.pointer), x, y)
    return tile
  }

  /// A square tile of the thumbnail size filled with `rgba`, with a themed icon in the
  /// middle when given.
  private static func tile(rgba: UInt32, icon: String?) -> Pixbuf {
    let size = thumbnailSize
    let tile = Pixbuf(width: size, height: size, hasAlpha: true, rgba: rgba)
    guard let icon,
      let theme = gtk_icon_theme_get_default(),
      let image = gtk_icon_theme_load_icon(theme, icon, 48, GtkIconLookupFlags(0), nil)
    else { return tile }
    defer { g_object_unref(UnsafeMutableRawPointer(image)) }
    let width = gdk_pixbuf_get_width(image)
    let height = gdk_pixbuf_get_height(image)
    let x = (Int32(size) - width) / 2
    let y = (Int32(size) - height) / 2
    gdk_pixbuf_composite(
      image, OpaquePointer(tile.pointer), x, y, width, height, Double(x), Double(y), 1, 1,
      GDK_INTERP_BILINEAR, 255)
    return tile
  }
}

/// A new first-level tree path for `row`; the caller frees it.
private func treePathFor(_ row: Int) -> OpaquePointer {
  var indices = [Int32(row)]
  return gtk_tree_path_new_from_indicesv(&indices, 1)
}

/// The first-level row a tree path points at.
private func rowOf(_ path: OpaquePointer?) -> Int? {
  guard let path, let indices = gtk_tree_path_get_indices(path) else { return nil }
  return Int(indices.pointee)
}
