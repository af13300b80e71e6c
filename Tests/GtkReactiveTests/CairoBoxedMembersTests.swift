// Generated members whose cairo surfaces and regions cross as GValues (properties, a
// signal's result), and GDK's surfaces made for a window's content or pixel format.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class CairoBoxedMembersTests: GtkTestCase {
  func testAnImagesSurfacePropertyRoundTrips() {
    gtk {
      let surface = Cairo.Surface(width: 12, height: 6)
      let image = Image()
      XCTAssertNil(image.surface)
      var seen: [Int?] = []
      let watching = image.rx.surface.subscribe(next: { seen.append($0?.width) })
      defer { watching.dispose() }

      image.surface = surface
      XCTAssertEqual(image.storageType, .surface)
      XCTAssertEqual(image.surface?.raw, surface.raw, "the same cairo surface, not a copy")
      XCTAssertEqual(image.surface?.width, 12)
      image.setFromSurface(nil)
      XCTAssertNil(image.surface)
      XCTAssertEqual(seen, [nil, 12, nil])
    }
  }

  func testASurfaceOutlivesTheImageThatHeldIt() {
    gtk {
      var kept: Cairo.Surface?
      do {
        let image = Image()
        image.surface = Cairo.Surface(width: 4, height: 4)
        kept = image.surface  // the image's reference and the Swift one
        image.surface = nil
      }
      XCTAssertEqual(kept?.width, 4, "read through the reference the getter took")
      XCTAssertTrue(kept?.isValid ?? false)
    }
  }

  func testACellRendererShowsASurface() {
    gtk {
      let renderer = CellRendererPixbuf()
      let surface = Cairo.Surface(width: 3, height: 2)
      renderer.surface = surface
      XCTAssertEqual(renderer.surface?.raw, surface.raw)
      renderer.rx.surface.on(nil)
      XCTAssertNil(renderer.surface)
    }
  }

  func testAWindowMakesSurfacesOfAContentOrAPixelFormat() throws {
    try gtk {
      let window = Window(type: .toplevel)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { window.window != nil }))
      let gdkWindow = try XCTUnwrap(window.window)

      let similar = try XCTUnwrap(
        gdkWindow.createSimilarSurface(.colorAlpha, width: 20, height: 10))
      XCTAssertTrue(similar.isValid)
      XCTAssertEqual(similar.content, .colorAlpha)
      let alpha = try XCTUnwrap(gdkWindow.createSimilarSurface(.alpha, width: 20, height: 10))
      XCTAssertEqual(alpha.content, .alpha)

      let image = try XCTUnwrap(
        gdkWindow.createSimilarImageSurface(.argb32, width: 8, height: 4, scale: 1))
      XCTAssertTrue(image.isImage)
      XCTAssertEqual([image.width, image.height], [8, 4])
      XCTAssertEqual(image.format, .argb32)
      let mask = try XCTUnwrap(
        gdkWindow.createSimilarImageSurface(.a8, width: 8, height: 4, scale: 1))
      XCTAssertEqual(mask.format, .a8)
      XCTAssertEqual(mask.content, .alpha)
      window.destroy()
    }
  }

  func testADrawingContextsClipIsTheRegionOfItsFrame() throws {
    try gtk {
      let window = Window(type: .toplevel)
      window.setDefaultSize(100, height: 60)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { window.allocation.width > 1 }))
      let gdkWindow = try XCTUnwrap(window.window)

      let band = Rectangle(x: 0, y: 10, width: 100, height: 20)
      let context = try XCTUnwrap(gdkWindow.beginDrawFrame(Cairo.Region(band)))
      var clips: [Rectangle?] = []
      let watching = context.rx.clip.subscribe(next: { clips.append($0?.extents) })
      XCTAssertEqual(clips, [band], "the GObject property gives the frame's region")
      XCTAssertEqual(context.clip?.extents, band)
      watching.dispose()
      gdkWindow.endDrawFrame(context)
      window.destroy()
    }
  }

  func testAnOffscreenWindowDrawsIntoTheSurfaceASubscriberGives() throws {
    try gtk {
      let window = OffscreenWindow()
      window.realize()
      let gdkWindow = try XCTUnwrap(window.window)
      var asked: [(width: Int, height: Int)] = []
      var given: [Cairo.Surface] = []
      let providing = gdkWindow.rx.createSurface.subscribe(next: { emission in
        asked.append(emission.arguments)
        let surface = Cairo.Surface(
          width: emission.arguments.width, height: emission.arguments.height)
        given.append(surface)
        emission.result = surface
      })
      defer { providing.dispose() }
      window.setSizeRequest(64, height: 32)
      window.add(Label("offscreen"))
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { !given.isEmpty && window.surface != nil }))
      XCTAssertEqual(asked.last?.width, 64)
      XCTAssertEqual(asked.last?.height, 32)
      XCTAssertEqual(window.surface?.raw, given.last?.raw, "GDK draws into the Swift surface")
      window.destroy()
    }
  }
}
