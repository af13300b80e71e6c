// The print dialog's Image Settings tab under Xvfb: position and scale, previewed and printed.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class PrintSettingsTests: GUITestCase {
  /// A cairo image surface of `width` × `height` in one opaque colour.
  @MainActor private static func solid(_ width: Int32, _ height: Int32, red: Double)
    -> OpaquePointer
  {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, red, 0, 0)
    cairo_paint(cr)
    cairo_destroy(cr)
    return surface
  }

  /// The colour at (`x`, `y`) of an ARGB32 surface, as 0xRRGGBB.
  @MainActor private static func pixel(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> UInt32 {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = cairo_image_surface_get_data(surface)!
    return data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) {
      $0.pointee & 0xFF_FFFF
    }
  }

  func testTheControlsEditTheLayoutAndFollowIt() {
    gtk {
      let image = Self.solid(300, 200, red: 1)
      defer { cairo_surface_destroy(image) }
      let tab = PrintImageSettings(
        layout: PrintLayout(), imageSize: PixelSize(width: 300, height: 200), surface: image)
      let paper = tab.paper
      // 300 × 200 on a portrait page turns; its 300 px then run down the page's height.
      XCTAssertTrue(tab.placement.rotated)
      XCTAssertEqual(tab.placement.height, paper.printableHeight, accuracy: 1e-6)
      let fullWidth = tab.placement.width * 25.4 / 72
      XCTAssertEqual(tab.width.value, fullWidth, accuracy: 0.1)
      XCTAssertEqual(tab.scaling.value, 100)
      XCTAssertFalse(tab.left.isSensitive, "centred: no offset to type")

      tab.scaling.value = 50
      XCTAssertEqual(tab.layout.scale, 0.5, accuracy: 1e-9)
      XCTAssertEqual(tab.width.value, fullWidth / 2, accuracy: 0.1)

      _ = tab.centring.setActiveId("none")
      XCTAssertEqual(tab.layout.centring, PrintLayout.Centring.none)
      XCTAssertTrue(tab.left.isSensitive)
      tab.left.value = 10
      XCTAssertEqual(tab.layout.left, 10 * 72 / 25.4, accuracy: 1e-6)
      XCTAssertEqual(tab.placement.x, 10 * 72 / 25.4, accuracy: 1e-6)

      _ = tab.unit.setActiveId("inches")
      XCTAssertEqual(tab.left.value, 10 / 25.4, accuracy: 0.01, "the same place, in inches")
      tab.width.value = 2
      XCTAssertEqual(tab.placement.width, 144, accuracy: 0.5, "two inches wide")
      XCTAssertEqual(tab.scaling.value, (2 * 25.4 / fullWidth * 100).rounded())

      // The preview paints the page and the image where it prints.
      let window = Window(type: .toplevel)
      window.add(tab.widget)
      window.showAll()
      MainLoop.drain()
      let shot = window.pointer(as: GtkWidget.self)
      XCTAssertGreaterThan(tab.preview.allocatedWidth, 100)
      let preview = tab.preview.pointer(as: GtkWidget.self)
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(tab.preview.allocatedWidth),
        Int32(tab.preview.allocatedHeight))!
      let cr = cairo_create(surface)!
      gtk_widget_draw(preview, cr)
      cairo_destroy(cr)
      let (w, h) = (Double(tab.preview.allocatedWidth), Double(tab.preview.allocatedHeight))
      let zoom = min((w - 16) / paper.width, (h - 16) / paper.height)
      let originX = ((w - paper.width * zoom) / 2).rounded()
      let originY = ((h - paper.height * zoom) / 2).rounded()
      let place = tab.placement
      let inside = (
        Int(originX + (paper.left + place.x + place.width / 2) * zoom),
        Int(originY + (paper.top + place.y + place.height / 2) * zoom)
      )
      XCTAssertEqual(Self.pixel(surface, inside.0, inside.1), 0xFF0000, "the image")
      let margin = (Int(originX + paper.width * zoom - 4), Int(originY + paper.height * zoom - 4))
      XCTAssertEqual(Self.pixel(surface, margin.0, margin.1), 0xFFFFFF, "the paper")
      cairo_surface_destroy(surface)
      _ = shot
      window.destroy()
    }
  }

  func testThePrintDialogHasTheTabAndItsChoiceIsPrinted() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(1)
      let browser = h.makeBrowser(expecting: 1)
      let printer = try XCTUnwrap(browser.actions?.imageActions?.printer)
      let settings = try XCTUnwrap(GtkReactive.Settings.default)
      let backends = settings.gtkPrintBackends
      settings.gtkPrintBackends = "file"
      defer { settings.gtkPrintBackends = backends }
      h.press("p", control: true, in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { printer.settingsTab != nil }), "the tab is made")
      let tab = try XCTUnwrap(printer.settingsTab)
      let dialog = try XCTUnwrap(tab.widget.toplevel?.cast(to: Dialog.self), "in the dialog")
      XCTAssertEqual(
        String(cString: g_type_name(cgtk_object_type(dialog.pointer))), "GtkPrintUnixDialog")
      tab.scaling.value = 40
      _ = h.saveScreenshot(of: browser, named: "print-dialog")
      dialog.response(.cancel)
      XCTAssertTrue(MainLoop.iterate(until: { printer.operation == nil }))
      XCTAssertNil(printer.settingsTab, "released with the dialog")
      XCTAssertEqual(printer.layout.scale, 1, "a cancelled dialog changes nothing")

      // The layout the dialog applies is what prints.
      printer.layout.scale = 0.25
      printer.layout.centring = .none
      let item = try XCTUnwrap(browser.viewModel.current.value)
      let image = try ImageDecoder.decode(item.url, fitting: nil).get().withSurface()
      let page = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 500, 700)!
      defer { cairo_surface_destroy(page) }
      let cr = cairo_create(page)!
      cairo_set_source_rgb(cr, 1, 1, 1)
      cairo_paint(cr)
      let place = printer.layout.placement(of: image.size, width: 500, height: 700)
      ImagePrinter.paint(image.surface, size: image.size, at: place, on: cr)
      cairo_destroy(cr)
      XCTAssertEqual(place.x, 0)
      XCTAssertEqual(place.y, 0)
      XCTAssertLessThan(place.width, 130, "a quarter of the page")
      XCTAssertNotEqual(Self.pixel(page, Int(place.width / 2), Int(place.height / 2)), 0xFFFFFF)
      XCTAssertEqual(Self.pixel(page, 400, 600), 0xFFFFFF, "the rest of the page is blank")
    }
  }
}
