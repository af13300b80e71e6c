// The thumbnail strip's half of the two-collection pattern, without GTK.
import Reactive

/// What the thumbnail strip does with the shared index, as a model the GTK strip
/// drives and tests drive with a fake.
///
/// The strip observes the images (reloading its cells) and the index (selecting and
/// centring a cell); when the user selects a cell it sets the index. A widget such as
/// `GtkIconView` reports programmatic selections exactly like the user's, so while the
/// binding selects a cell itself it ignores the report: a programmatic selection
/// never echoes back as a user selection.
package final class StripBinding {
  /// The widget operations the binding drives.
  package struct Cells {
    /// Replaces every cell by one per image.
    package var reload: ([ImageItem]) -> Void
    /// Selects (highlights) the cell at an index, or clears the selection. The widget
    /// may report it back through `userSelected(_:)` before returning.
    package var select: (Int?) -> Void
    /// Scrolls so the cell at an index is in the centre.
    package var centre: (Int) -> Void

    /// The cell operations of one strip widget.
    package init(
      reload: @escaping ([ImageItem]) -> Void, select: @escaping (Int?) -> Void,
      centre: @escaping (Int) -> Void
    ) {
      self.reload = reload
      self.select = select
      self.centre = centre
    }
  }

  private let viewModel: any SharedIndex
  private let cells: Cells
  private let subscriptions = CompositeDisposable()
  private var selectedIndex: Int?
  private var isSelecting = false

  /// How many selections the binding took as the user's and passed to the view model.
  package private(set) var userSelectionCount = 0

  /// Binds a strip to `viewModel`: fills `cells` with the images now, selects and
  /// centres the current one, and keeps them following the view model.
  package init(viewModel: any SharedIndex, cells: Cells) {
    self.viewModel = viewModel
    self.cells = cells
    subscriptions.add(
      viewModel.items.signal.subscribe(next: { [weak self] items in self?.reload(items) }))
    subscriptions.add(
      viewModel.index.changes.subscribe(next: { [weak self] index in self?.follow(index) }))
  }

  deinit {
    subscriptions.dispose()
  }

  /// The widget's selection changed to `index` (its `selection-changed` handler calls
  /// this); a change the user made sets the view model's index.
  package func userSelected(_ index: Int?) {
    guard !isSelecting else { return }
    guard let index else {
      // Nothing selected (a Ctrl+click on the selected cell): the strip always shows
      // the current image, so select it again.
      selectedIndex = nil
      follow(viewModel.state.value.index)
      return
    }
    userSelectionCount += 1
    selectedIndex = index
    viewModel.select(index: index)
  }

  private func reload(_ items: [ImageItem]) {
    selectedIndex = nil
    cells.reload(items)
    // `items` is delivered before `index`: read the index of the same change.
    follow(viewModel.state.value.index)
  }

  /// Selects the cell of `index` unless it is selected already (the user clicked it),
  /// and centres it either way.
  private func follow(_ index: Int?) {
    if index != selectedIndex {
      selectedIndex = index
      isSelecting = true
      cells.select(index)
      isSelecting = false
    }
    if let index { cells.centre(index) }
  }
}
