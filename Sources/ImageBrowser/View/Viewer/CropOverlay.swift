// Crop mode over the viewer: the rectangle drawn live, its handles dragged with the pointer.
import CCairo  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Draws the crop being shaped over the viewer's image (the rest dimmed, the rule of
/// thirds inside, a handle at each corner and edge) and lets the pointer drag a handle
/// or move the rectangle. The rectangle is the view model's (`Cropping.selection`, in
/// the image's pixels); this maps it to the view through the viewer's zoom and pan, so
/// it follows them.
@MainActor
final class CropOverlay {
  private unowned let viewer: ImageViewer
  private let cropping: Cropping
  private let bag = DisposeBag()
  /// The handle held and the rectangle when it was taken, with the press in the view.
  private var held: (handle: CropHandle, start: PixelRect, x: Double, y: Double)?

  /// How far from a handle, in view pixels, a press still takes it.
  static let reach = 12.0

  /// The crop overlay of `viewer`, drawn over its image while crop mode is on.
  init(viewer: ImageViewer) {
    self.viewer = viewer
    cropping = viewer.viewModel.cropping
    // Connected after the viewer's own handler: drawn over the image.
    viewer.canvas.rx.draw
      .subscribe(next: { [weak self] cr in self?.draw(cr) })
      .disposed(by: bag)
    cropping.selection.signal
      .subscribe(next: { [weak self] _ in self?.viewer.canvas.queueDraw() })
      .disposed(by: bag)
    viewer.canvas.rx.buttonPress
      .subscribe(next: { [weak self] event in self?.pressed(event) })
      .disposed(by: bag)
    viewer.canvas.rx.motion
      .subscribe(next: { [weak self] event in self?.moved(to: (event.x, event.y)) })
      .disposed(by: bag)
    viewer.canvas.rx.buttonRelease
      .subscribe(next: { [weak self] _ in self?.held = nil })
      .disposed(by: bag)
  }

  /// Where the image's top left corner is in the view, and how many view pixels one
  /// image pixel takes.
  private var placement: (x: Double, y: Double, scale: Double) {
    let scale = viewer.scale
    let pan = viewer.clampedPan
    let origin = viewer.origin(of: viewer.imageSize, scale: scale, offset: (pan.x, pan.y))
    return (origin.x, origin.y, scale)
  }

  /// The crop rectangle in view coordinates.
  func viewRect(of rect: PixelRect) -> (x: Double, y: Double, width: Double, height: Double) {
    let place = placement
    return (
      place.x + Double(rect.x) * place.scale, place.y + Double(rect.y) * place.scale,
      Double(rect.width) * place.scale, Double(rect.height) * place.scale
    )
  }

  /// The view point of each handle of `rect`.
  func handlePoints(of rect: PixelRect) -> [(CropHandle, x: Double, y: Double)] {
    let (x, y, width, height) = viewRect(of: rect)
    return [
      (.topLeft, x, y), (.top, x + width / 2, y), (.topRight, x + width, y),
      (.right, x + width, y + height / 2), (.bottomRight, x + width, y + height),
      (.bottom, x + width / 2, y + height), (.bottomLeft, x, y + height),
      (.left, x, y + height / 2),
    ]
  }

  /// The handle at a view point: the nearest within reach, else the inside.
  func handle(at point: (x: Double, y: Double), of rect: PixelRect) -> CropHandle? {
    let near = handlePoints(of: rect)
      .map { ($0.0, hypot($0.x - point.x, $0.y - point.y)) }
      .filter { $0.1 <= Self.reach }
      .min { $0.1 < $1.1 }
    if let near { return near.0 }
    let (x, y, width, height) = viewRect(of: rect)
    let inside = point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    return inside ? .inside : nil
  }

  private func pressed(_ event: ButtonEvent) {
    guard event.button == 1, let rect = cropping.selection.value?.rect else { return }
    if event.clickCount == 2 {
      // A double click inside applies, as Return does.
      if handle(at: (event.x, event.y), of: rect) == .inside { cropping.apply() }
      return
    }
    guard let handle = handle(at: (event.x, event.y), of: rect) else { return }
    held = (handle, rect, event.x, event.y)
  }

  private func moved(to point: (x: Double, y: Double)) {
    guard let held, cropping.isCropping else { return }
    let scale = max(placement.scale, 0.0001)
    cropping.drag(
      held.handle, of: held.start, dx: (point.x - held.x) / scale, dy: (point.y - held.y) / scale)
  }

  private func draw(_ cr: OpaquePointer) {
    guard let selection = cropping.selection.value else { return }
    let (x, y, width, height) = viewRect(of: selection.rect)
    let whole = viewRect(of: PixelRect(selection.imageSize))
    cairo_save(cr)
    // The parts cut away, dimmed.
    cairo_rectangle(cr, whole.x, whole.y, whole.width, whole.height)
    cairo_rectangle(cr, x, y, width, height)
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_set_source_rgba(cr, 0, 0, 0, 0.6)
    cairo_fill(cr)
    // The rule of thirds, faint, then the edge.
    cairo_set_line_width(cr, 1)
    cairo_set_source_rgba(cr, 1, 1, 1, 0.35)
    for third in [1.0 / 3, 2.0 / 3] {
      cairo_move_to(cr, (x + width * third).rounded() + 0.5, y)
      cairo_line_to(cr, (x + width * third).rounded() + 0.5, y + height)
      cairo_move_to(cr, x, (y + height * third).rounded() + 0.5)
      cairo_line_to(cr, x + width, (y + height * third).rounded() + 0.5)
    }
    cairo_stroke(cr)
    cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
    cairo_rectangle(
      cr, x.rounded() + 0.5, y.rounded() + 0.5, width.rounded() - 1, height.rounded() - 1)
    cairo_stroke(cr)
    // The handles: white squares with a dark border, visible on any picture.
    for (_, hx, hy) in handlePoints(of: selection.rect) {
      cairo_rectangle(cr, hx.rounded() - 4.5, hy.rounded() - 4.5, 9, 9)
      cairo_set_source_rgba(cr, 1, 1, 1, 1)
      cairo_fill_preserve(cr)
      cairo_set_source_rgba(cr, 0, 0, 0, 0.8)
      cairo_stroke(cr)
    }
    cairo_restore(cr)
  }
}
