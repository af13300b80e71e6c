// The header's clip: asks for less width than its content, places the content at its
// start edge with the content's minimum, and cuts off what the content draws beyond it.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

@testable import ImageBrowser

final class ClipTests: GUITestCase {
  /// An area `width` pixels wide asking for exactly that, painting itself red.
  @MainActor private static func redArea(width: Int, bag: DisposeBag) -> DrawingArea {
    let area = DrawingArea()
    area.widthRequest = width
    area.heightRequest = 20
    area.rx.draw
      .subscribe(next: { cr in
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_paint(cr)
      })
      .disposed(by: bag)
    return area
  }

  /// Whether the pixel at `x`, `y` of `widget`, drawn into an image, is red.
  @MainActor private static func isRed(_ widget: Widget, x: Int, y: Int) -> Bool {
    let surface = cairo_image_surface_create(
      CAIRO_FORMAT_ARGB32, Int32(widget.allocatedWidth), Int32(widget.allocatedHeight))!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    gtk_widget_draw(widget.pointer(as: GtkWidget.self), cr)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
    return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) == 0xFFFF_0000
  }

  func testTheClipAsksForNothingAtLeastAndCutsItsContentAtItsEdge() {
    gtk {
      let bag = DisposeBag()
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      let row = Box(orientation: .horizontal, spacing: 0)
      let clip = Clip()
      let content = Self.redArea(width: 200, bag: bag)
      clip.add(content)
      let after = DrawingArea()
      after.widthRequest = 100
      row.packStart(clip, expand: true, fill: true, padding: 0)
      row.packStart(after, expand: false, fill: true, padding: 0)
      window.add(row)
      window.showAll()
      XCTAssertEqual(clip.preferredWidth.minimumWidth, 0, "nothing at least")
      XCTAssertEqual(clip.preferredWidth.naturalWidth, 200, "the content's width at best")
      XCTAssertEqual(clip.preferredHeight.minimumHeight, 20, "the content's height")

      window.resize(150, height: 20)
      MainLoop.iterate(until: { row.allocatedWidth == 150 }, timeout: .seconds(5))
      XCTAssertEqual(row.allocatedWidth, 150)
      XCTAssertEqual(clip.allocatedWidth, 50, "narrower than its content")
      XCTAssertEqual(content.allocatedWidth, 200, "the content keeps its minimum")
      XCTAssertEqual(content.allocation.x, clip.allocation.x, "from the clip's start")
      XCTAssertTrue(Self.isRed(row, x: 25, y: 10), "the content shows in the clip")
      XCTAssertFalse(Self.isRed(row, x: 75, y: 10), "and is cut off beyond it")

      window.resize(400, height: 20)
      MainLoop.iterate(until: { row.allocatedWidth == 400 }, timeout: .seconds(5))
      XCTAssertEqual(clip.allocatedWidth, 300)
      XCTAssertEqual(content.allocatedWidth, 300, "wider, the content gets it all")
      XCTAssertTrue(Self.isRed(row, x: 250, y: 10))
    }
  }

  func testAClipAskingForItsContentsMinimumGivesTheContentTheRest() {
    gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      let clip = Clip()
      clip.request = .minimum
      let label = Label("A title of some length")
      label.ellipsize = .middle
      clip.add(label)
      window.add(clip)
      window.showAll()
      let (minimum, natural) = label.preferredWidth
      XCTAssertLessThan(minimum, natural, "an ellipsizing label")
      XCTAssertEqual(clip.preferredWidth.minimumWidth, minimum)
      XCTAssertEqual(clip.preferredWidth.naturalWidth, minimum, "its shortest, at best")
      window.resize(600, height: 30)
      MainLoop.iterate(until: { clip.allocatedWidth == 600 }, timeout: .seconds(5))
      XCTAssertEqual(label.allocatedWidth, 600, "the content takes what the clip gets")
    }
  }
}
