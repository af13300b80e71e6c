// Print: one page, the image placed and scaled as the dialog's Image Settings tab says.
import CCairo  // cairo, for painting the page
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// Prints an image on one page with GTK's print dialog (`GtkPrintOperation`): by
/// default scaled to fit the printable area keeping its aspect ratio (enlarged too: a
/// small image still fills the page), centred, and turned a quarter when that makes it
/// larger (a landscape photo on a portrait page). The dialog's *Image Settings* tab
/// (`PrintImageSettings`) changes the position and the scale (`PrintLayout`); the
/// choice stays for the window's next print.
@MainActor
final class ImagePrinter {
  /// The operation running (the dialog may still be open), kept alive until it is done.
  private(set) var operation: PrintOperation?
  /// Where the next image prints: the last layout the dialog applied.
  var layout = PrintLayout()
  /// The Image Settings tab of the dialog showing, if any.
  private(set) var settingsTab: PrintImageSettings?
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

  /// The placement of an image of `image` pixels on an area `width` × `height`, at
  /// the default layout (as large as fits, centred).
  static func placement(of image: PixelSize, inWidth width: Double, height: Double) -> Placement {
    let place = PrintLayout().placement(of: image, width: width, height: height)
    return Placement(
      scale: place.scale, rotated: place.rotated,
      centre: (place.x + place.width / 2, place.y + place.height / 2))
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
    operation.customTabLabel = tr("Image Settings")
    self.operation = operation
    let drawing = operation.rx.drawPage
      .subscribe(next: { [weak self] context, _ in
        Self.draw(image, in: context, layout: self?.layout ?? PrintLayout())
      })
    let tab = CompositeDisposable([
      operation.rx.createCustomWidget
        .subscribe(next: { [weak self] emission in
          guard let self else { return }
          let tab = PrintImageSettings(
            layout: layout, imageSize: image.size, surface: image.surface)
          settingsTab = tab
          emission.result = tab.widget
        }),
      operation.rx.updateCustomWidget
        .subscribe(next: { [weak self] _, setup, _ in self?.settingsTab?.use(setup) }),
      operation.rx.customWidgetApply
        .subscribe(next: { [weak self] _ in
          guard let self, let tab = settingsTab else { return }
          layout = tab.layout
        }),
    ])
    let done = operation.rx.done
      .take(1)
      .subscribe(next: { [weak self, weak operation] result in
        var message: String?
        if result == .error, let operation {
          do { try operation.getError() } catch { message = "\(error)" }
        }
        self?.operation = nil
        self?.settingsTab = nil
        self?.running.inner = nil
        finished(message)
      })
    running.inner = CompositeDisposable([drawing, tab, done])
    do {
      _ = try operation.run(action, parent: parent)
    } catch {
      running.inner = nil
      self.operation = nil
      settingsTab = nil
      finished(error.message)
    }
  }

  /// Paints `image` on the page of `context` as `layout` places it.
  private static func draw(_ image: DecodedImage, in context: PrintContext, layout: PrintLayout) {
    guard let surface = image.surface else { return }
    let place = layout.placement(of: image.size, width: context.width, height: context.height)
    paint(surface, size: image.size, at: place, on: context.cairoContext.raw)
  }

  /// Paints `surface` (an image of `size` pixels) on `cr` at `place`, in the printable
  /// area's coordinates; a grey box without a surface (the preview of an image not
  /// decoded with one).
  static func paint(
    _ surface: OpaquePointer?, size: PixelSize, at place: PrintLayout.Placement,
    on cr: OpaquePointer
  ) {
    cairo_save(cr)
    defer { cairo_restore(cr) }
    guard let surface else {
      cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
      cairo_rectangle(cr, place.x, place.y, place.width, place.height)
      cairo_fill(cr)
      return
    }
    cairo_translate(cr, place.x + place.width / 2, place.y + place.height / 2)
    if place.rotated { cairo_rotate(cr, Double.pi / 2) }
    cairo_scale(cr, place.scale, place.scale)
    cairo_translate(cr, -Double(size.width) / 2, -Double(size.height) / 2)
    cairo_set_source_surface(cr, surface, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
    cairo_paint(cr)
  }
}
