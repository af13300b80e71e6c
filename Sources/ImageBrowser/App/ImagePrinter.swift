// Print: one page, the image as large as the printable area allows, centred.
import CCairo  // cairo, for painting the page
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// Prints an image on one page with GTK's print dialog (`GtkPrintOperation`): scaled to
/// fit the printable area keeping its aspect ratio (enlarged too: a small image still
/// fills the page), centred, and turned a quarter when that makes it larger (a
/// landscape photo on a portrait page).
@MainActor
final class ImagePrinter {
  /// The operation running (the dialog may still be open), kept alive until it is done.
  private(set) var operation: PrintOperation?
  private let bag = DisposeBag()
  private let running = SerialDisposable()

  init() {
    bag.insert(running)
  }

  /// Where the image goes on the page: its scale, whether it is turned a quarter, and
  /// its centre, in the printable area's units.
  struct Placement: Equatable {
    var scale: Double
    var rotated: Bool
    var centre: (x: Double, y: Double)

    static func == (lhs: Placement, rhs: Placement) -> Bool {
      lhs.scale == rhs.scale && lhs.rotated == rhs.rotated && lhs.centre == rhs.centre
    }
  }

  /// The placement of an image of `image` pixels on an area `width` × `height`.
  static func placement(of image: PixelSize, inWidth width: Double, height: Double) -> Placement {
    let (w, h) = (Double(max(image.width, 1)), Double(max(image.height, 1)))
    let upright = min(width / w, height / h)
    let turned = min(width / h, height / w)
    return Placement(
      scale: max(upright, turned), rotated: turned > upright * 1.0001,
      centre: (width / 2, height / 2))
  }

  /// Prints `image` (decoded with a cairo surface) as the job `name`: through the print
  /// dialog over `parent`, or with `.export` straight into the PDF `exportFilename`.
  /// `finished` receives GTK's error message when it fails, `nil` when it is done or
  /// cancelled.
  func print(
    _ image: DecodedImage, name: String, parent: Window?,
    action: PrintOperationAction = .printDialog, exportFilename: String? = nil,
    finished: @escaping (String?) -> Void
  ) {
    let operation = PrintOperation()
    operation.jobName = name
    operation.nPages = 1
    operation.unit = .points
    operation.embedPageSetup = true
    operation.allowAsync = action == .printDialog
    if let exportFilename { operation.exportFilename = exportFilename }
    self.operation = operation
    let drawing = operation.rx.drawPage
      .subscribe(next: { context, _ in Self.draw(image, in: context) })
    let done = operation.rx.done
      .take(1)
      .subscribe(next: { [weak self, weak operation] result in
        var message: String?
        if result == .error, let operation {
          do { try operation.getError() } catch { message = "\(error)" }
        }
        self?.operation = nil
        self?.running.inner = nil
        finished(message)
      })
    running.inner = CompositeDisposable([drawing, done])
    do {
      _ = try operation.run(action, parent: parent)
    } catch {
      running.inner = nil
      self.operation = nil
      finished(error.message)
    }
  }

  /// Paints `image` on the page of `context` as `placement` says.
  private static func draw(_ image: DecodedImage, in context: PrintContext) {
    guard let surface = image.surface else { return }
    let cairo = context.cairoContext
    let cr = cairo.raw
    let place = placement(of: image.size, inWidth: context.width, height: context.height)
    cairo_save(cr)
    cairo_translate(cr, place.centre.x, place.centre.y)
    if place.rotated { cairo_rotate(cr, Double.pi / 2) }
    cairo_scale(cr, place.scale, place.scale)
    cairo_translate(cr, -Double(image.size.width) / 2, -Double(image.size.height) / 2)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
    cairo_restore(cr)
  }
}
