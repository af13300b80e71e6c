// Generated members that take or give cairo regions, surfaces and font options, as the
// hand-written `Cairo.Region`, `Cairo.Surface` and `Cairo.FontOptions` classes.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class CairoValueMembersTests: GtkTestCase {
  func testARegionIsMadeOfRectanglesAndReportsWhatItCovers() {
    gtk {
      let region = Cairo.Region(Rectangle(x: 0, y: 0, width: 10, height: 10))
      region.union(Rectangle(x: 20, y: 0, width: 10, height: 10))
      XCTAssertEqual(region.rectangles.count, 2)
      XCTAssertEqual(region.extents, Rectangle(x: 0, y: 0, width: 30, height: 10))
      XCTAssertTrue(region.contains(x: 25, y: 5))
      XCTAssertFalse(region.contains(x: 15, y: 5), "the gap between the two")
      region.subtract(Rectangle(x: 20, y: 0, width: 10, height: 10))
      XCTAssertTrue(region.isEqual(to: Cairo.Region(Rectangle(x: 0, y: 0, width: 10, height: 10))))
      XCTAssertTrue(Cairo.Region().isEmpty)
    }
  }

  func testAWindowInvalidatesARegionAndGivesItsVisibleRegion() {
    gtk {
      let window = Window(type: .toplevel)
      window.setDefaultSize(120, height: 80)
      let area = DrawingArea()
      window.add(area)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { area.allocation.width > 0 }))
      MainLoop.iterate(for: .milliseconds(50))
      guard let gdkWindow = window.window else { return XCTFail("no GdkWindow") }

      let visible = gdkWindow.visibleRegion
      XCTAssertEqual(visible?.extents.width, 120, "the whole window is visible")

      // Nothing to redraw after the first frames; a band invalidated shows in the update
      // area, which GDK hands over.
      MainLoop.iterate(for: .milliseconds(50))
      gdkWindow.invalidateRegion(
        Cairo.Region(Rectangle(x: 0, y: 0, width: 50, height: 10)), invalidateChildren: false)
      let update = gdkWindow.takeUpdateArea()
      XCTAssertEqual(update?.extents, Rectangle(x: 0, y: 0, width: 50, height: 10))

      var drawn = 0
      let drawing = area.rx.drawSignal.subscribe(next: { _ in drawn += 1 })
      defer { drawing.dispose() }
      area.queueDrawRegion(Cairo.Region(Rectangle(x: 0, y: 0, width: 5, height: 5)))
      XCTAssertTrue(MainLoop.iterate(until: { drawn > 0 }), "the queued region is drawn")
      window.destroy()
    }
  }

  func testAnImageShowsASurfaceDrawnInSwift() {
    gtk {
      let surface = Cairo.Surface(width: 16, height: 8)
      XCTAssertTrue(surface.isValid)
      XCTAssertEqual([surface.width, surface.height], [16, 8])
      surface.draw { context in
        context.setSource(RGBA(red: 0, green: 0, blue: 1))
        context.paint()
      }
      let image = Image()
      image.setFromSurface(surface)
      XCTAssertEqual(image.storageType, .surface)
      image.setFromSurface(nil)
      XCTAssertEqual(image.storageType, .empty)
    }
  }

  func testAWidgetKeepsTheFontOptionsSetOnIt() {
    gtk {
      let label = Label("text")
      XCTAssertNil(label.fontOptions, "none of its own: the screen's apply")
      let options = Cairo.FontOptions()
      options.antialias = .gray
      options.hintStyle = .slight
      label.fontOptions = options
      let read = label.fontOptions
      XCTAssertEqual(read?.antialias, .gray)
      XCTAssertEqual(read?.hintStyle, .slight)
      XCTAssertTrue(read?.isEqual(to: options) ?? false)
      options.antialias = .none
      XCTAssertEqual(label.fontOptions?.antialias, .gray, "the widget keeps its own copy")
      label.destroy()
    }
  }
}
