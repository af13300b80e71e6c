// The browse grid's rubber band: a rectangle dragged over the cells picks the images it touches.
import Foundation
import Reactive

/// Rubber-band selection in the browse grid, as file managers have it: a drag from
/// empty space or over cells draws a band, and the images it touches are picked while
/// it moves (subfolders are never picked: the file actions act on images). With Ctrl the
/// band adds to what was picked before; Escape puts the selection back as it was before
/// the press. When the band's corner reaches the top or bottom edge the grid scrolls by
/// itself (`GridLayout.autoScrollSpeed(atY:edge:fastest:)`) on the main scheduler, and
/// the band grows with it, its start staying on the cell where it began.
///
/// The view reports the press (`press(at:offset:layout:additive:)`), the pointer's
/// moves, the release and the scroll offset; it draws `band` and follows `offset`.
package final class RubberBand {
  /// How far the pointer moves before a press becomes a band, in points: GTK's default
  /// drag threshold, so a shaky click stays a click.
  package static let threshold = 8.0
  /// How often the grid scrolls by itself while the band's corner is at an edge.
  package static let autoScrollInterval = Duration.milliseconds(16)

  /// The band in content coordinates (see `GridLayout.cells(touching:padding:)`), or
  /// `nil` when none is drawn.
  package let band = MutableProperty<GridRect?>(nil)
  /// The grid's scroll offset as the band's auto-scroll moves it; the view sets its
  /// scrollbar to it.
  package let offset = MutableProperty(0.0)

  private let store: BrowserStore
  private let scheduler: Scheduler
  private let scrolling = SerialDisposable()
  /// The press a band grows from, until the release or Escape.
  private var session: Session?

  /// What a band needs from its press.
  private struct Session {
    /// Where the press was, in content coordinates.
    var start: (x: Double, y: Double)
    /// The pointer's last place in the view.
    var pointer: (x: Double, y: Double)
    var layout: GridLayout
    /// Ctrl was held: the band adds to `before`.
    var additive: Bool
    /// The state's selection, index and subfolder focus before the press.
    var before: (selection: GridSelection, index: Int?, folderFocus: Int?)
    /// Whether the pointer has gone past the threshold.
    var isActive = false
    /// The images picked before the press, which an additive band keeps.
    var basePicks: Set<URL>
  }

  /// A rubber band writing its picks into `store`, auto-scrolling on `scheduler`.
  init(store: BrowserStore, scheduler: Scheduler) {
    self.store = store
    self.scheduler = scheduler
  }

  deinit { scrolling.dispose() }

  /// Whether a band is being dragged (the pointer went past the threshold).
  package var isActive: Bool { session?.isActive == true }

  /// The first button went down at `point` in the view, scrolled by `offset`, over
  /// `layout`; `additive` when Ctrl is held. Call it before the press picks a cell, so
  /// Escape can put back what was there.
  package func press(
    at point: (x: Double, y: Double), offset: Double, layout: GridLayout, additive: Bool
  ) {
    cancelTimer()
    let state = store.state.value
    self.offset.value = offset
    session = Session(
      start: (point.x, point.y + offset), pointer: point, layout: layout, additive: additive,
      before: (state.selection, state.index, state.folderFocus),
      basePicks: Set(state.items.indices.filter { state.isPicked($0) }.map { state.items[$0].id }))
  }

  /// The pointer moved to `point` in the view with the button held.
  package func move(to point: (x: Double, y: Double)) {
    guard var session else { return }
    session.pointer = point
    if !session.isActive {
      let start = (x: session.start.x, y: session.start.y - offset.value)
      guard hypot(point.x - start.x, point.y - start.y) >= Self.threshold else {
        self.session = session
        return
      }
      session.isActive = true
    }
    self.session = session
    apply()
    let speed = session.layout.autoScrollSpeed(atY: point.y)
    if speed == 0 {
      cancelTimer()
    } else if scrolling.inner == nil {
      scrolling.inner = scheduler.schedule(
        after: Self.autoScrollInterval, interval: Self.autoScrollInterval
      ) { [weak self] in self?.autoScroll() }
    }
  }

  /// The grid scrolled under the band (the wheel, the scrollbar): the band follows.
  package func scrolled(to newOffset: Double) {
    guard newOffset != offset.value else { return }
    offset.value = newOffset
    if isActive { apply() }
  }

  /// The grid's geometry changed under the band (the window resized).
  package func relayout(_ layout: GridLayout) {
    guard session != nil else { return }
    session?.layout = layout
    if isActive { apply() }
  }

  /// The button went up: the band's picks stay, and when the current image is not among
  /// them the first picked image becomes current, so the viewer and the strip show one
  /// of the images the file actions will act on. Returns whether a band was dragged.
  @discardableResult
  package func release() -> Bool {
    guard endSession() != nil else { return false }
    store.update { state in
      let ids = state.selection.ids
      guard !ids.isEmpty, state.current.map({ ids.contains($0.id) }) != true,
        let first = state.items.firstIndex(where: { ids.contains($0.id) })
      else { return }
      state.index = first
      state.folderFocus = nil
    }
    return true
  }

  /// Escape: the band goes and the selection is as it was before the press. Returns
  /// whether a band was being dragged (an Escape it took).
  @discardableResult
  package func cancel() -> Bool {
    guard let session = endSession() else { return false }
    store.update { state in
      state.selection = session.before.selection
      if let index = session.before.index, state.items.indices.contains(index) {
        state.index = index
      }
      state.folderFocus = session.before.folderFocus
    }
    return true
  }

  /// Ends the press, whatever it became: no timer, no band, no session. Returns the
  /// session when a band was dragged.
  private func endSession() -> Session? {
    cancelTimer()
    guard let session else { return nil }
    self.session = nil
    band.value = nil
    return session.isActive ? session : nil
  }

  /// Picks the images the band touches now (with the earlier picks when additive).
  private func apply() {
    guard let session else { return }
    let corner = (x: session.pointer.x, y: session.pointer.y + offset.value)
    let rect = GridRect(corner: session.start, corner: corner)
    band.value = rect
    store.update { state in
      let folders = state.subfolders.count
      var ids = session.additive ? session.basePicks : []
      for cell in session.layout.cells(touching: rect) where cell >= folders {
        let index = cell - folders
        if state.items.indices.contains(index) { ids.insert(state.items[index].id) }
      }
      guard ids != state.selection.ids else { return }
      state.selection = GridSelection(ids: ids, anchor: session.before.selection.anchor)
    }
  }

  /// One step of scrolling while the band's corner is at an edge.
  private func autoScroll() {
    guard let session, session.isActive else { return cancelTimer() }
    let speed = session.layout.autoScrollSpeed(atY: session.pointer.y)
    let seconds = Double(Self.autoScrollInterval.components.attoseconds) / 1e18
    let target = min(session.layout.maximumOffset, max(0, offset.value + speed * seconds))
    guard speed != 0, target != offset.value else { return cancelTimer() }
    offset.value = target
    apply()
  }

  private func cancelTimer() { scrolling.inner = nil }
}
