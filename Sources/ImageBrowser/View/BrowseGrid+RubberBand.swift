// The browse grid's rubber band: the pointer's drag fed to Core's `RubberBand`, the band painted.
import CCairo  // cairo, for painting
import GtkReactive
import ImageBrowserCore
import Reactive

extension BrowseGrid {
  /// The band the pointer drags, which picks the images it touches (Core's
  /// `RubberBand`: the picks, Ctrl, Escape, the scrolling at the edges).
  var rubberBand: RubberBand { viewModel.rubberBand }

  /// Feeds the first button's drags to the band and follows what it does: the band
  /// redrawn as it moves, the scrollbar moved when it scrolls the grid by itself.
  func bindRubberBand() {
    // Subscribing selects the release events the canvas needs.
    canvas.rx.buttonRelease
      .filter { $0.button == 1 }
      .subscribe(next: { [weak self] _ in self?.rubberBand.release() })
      .disposed(by: bag)
    canvas.rx.motion
      .filter { $0.buttons.contains(1) }
      .subscribe(next: { [weak self] event in self?.rubberBand.move(to: (event.x, event.y)) })
      .disposed(by: bag)
    rubberBand.band.signal
      .subscribe(next: { [weak self] _ in self?.canvas.queueDraw() })
      .disposed(by: bag)
    rubberBand.offset.signal
      .subscribe(next: { [weak self] offset in
        guard let self, adjustment.value != offset else { return }
        adjustment.value = offset
      })
      .disposed(by: bag)
    adjustment.rx.valueChanged
      .subscribe(next: { [weak self] in
        guard let self else { return }
        rubberBand.scrolled(to: adjustment.value)
      })
      .disposed(by: bag)
  }

  /// A press of the first button may become a band: Core keeps what the press finds, so
  /// Escape can put it back. Call before the press picks a cell.
  func armRubberBand(for event: ButtonEvent) {
    rubberBand.press(
      at: (event.x, event.y), offset: adjustment.value, layout: layout,
      additive: event.modifiers.contains(.control))
  }

  /// Paints the band over the cells: a translucent fill in the selection's blue, with
  /// an edge, as file managers draw theirs.
  func drawRubberBand(_ cr: OpaquePointer) {
    guard let band = rubberBand.band.value else { return }
    let x = band.x.rounded() + 0.5
    let y = (band.y - adjustment.value).rounded() + 0.5
    cairo_save(cr)
    cairo_rectangle(cr, x, y, band.width.rounded(), band.height.rounded())
    cairo_set_source_rgba(cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0, 0.25)
    cairo_fill_preserve(cr)
    cairo_set_line_width(cr, 1)
    cairo_set_source_rgba(cr, 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0, 0.9)
    cairo_stroke(cr)
    cairo_restore(cr)
  }
}
