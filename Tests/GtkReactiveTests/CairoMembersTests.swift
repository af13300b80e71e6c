// Generated members that take or lend a cairo context (`cairo_t *` as `CairoContext`):
// a widget drawn onto an image surface through `draw(_:)`, painting through its typed
// `drawSignal`.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class CairoMembersTests: GtkTestCase {
  func testAWidgetDrawsOntoAContextThroughItsTypedDrawSignal() {
    gtk {
      let window = Window(type: .toplevel)
      let area = DrawingArea()
      window.add(area)
      window.setDefaultSize(40, height: 30)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { area.allocation.width > 0 }))

      var sizes: [Int] = []
      let painting = area.rx.drawSignal.subscribe(next: { emission in
        let cairo = emission.arguments
        cairo.setSource(RGBA(red: 1, green: 0, blue: 0))
        cairo.paint()
        sizes.append(area.allocation.width)
        emission.stop()
      })
      defer { painting.dispose() }

      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 30)!
      defer { cairo_surface_destroy(surface) }
      let raw = cairo_create(surface)!
      let context = CairoContext(borrowing: raw)
      cairo_destroy(raw)  // the Swift object holds its own reference
      area.draw(context)
      cairo_surface_flush(surface)
      XCTAssertEqual(sizes.count, 1, "gtk_widget_draw emitted draw once")
      let pixels = cairo_image_surface_get_data(surface)!
      let first = UnsafeRawPointer(pixels).load(as: UInt32.self)
      XCTAssertEqual(first, 0xFFFF_0000, "the subscriber painted opaque red (ARGB)")
      window.destroy()
    }
  }
}
