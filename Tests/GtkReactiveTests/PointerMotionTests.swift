// Pointer motion over a container: events from a child's window arrive in the container's
// coordinates; a named cursor hides the pointer.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class PointerMotionTests: GtkTestCase {
  func testMotionOverAChildArrivesInTheContainersCoordinates() throws {
    gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      let overlay = Overlay()
      let area = DrawingArea()
      area.setSizeRequest(300, height: 200)
      overlay.add(area)
      let corner = DrawingArea()  // a child with a window of its own, off the origin
      corner.setSizeRequest(40, height: 30)
      corner.halign = .end
      corner.valign = .end
      overlay.addOverlay(corner)
      let box = Box(orientation: .vertical, spacing: 0)
      box.borderWidth = 10
      box.packStart(overlay, expand: true, fill: true, padding: 0)
      window.add(box)
      // The canvas selects motion, as a viewer does; the corner does not.
      let canvasMotion = area.rx.motion.subscribe(next: { _ in })
      var points: [String] = []
      let subscription = overlay.rx.pointerMotion
        .subscribe(next: { points.append("\(Int($0.x)),\(Int($0.y))") })
      window.showAll()
      runMainLoop(for: .milliseconds(100))
      movePointer(to: 5, 7, over: area)
      movePointer(to: 2, 3, over: corner)
      XCTAssertEqual(points, ["5,7", "262,173"], "the overlay's coordinates, for both")
      subscription.dispose()
      canvasMotion.dispose()
      movePointer(to: 5, 7, over: area)
      XCTAssertEqual(points.count, 2, "disposed: nothing more")
    }
  }

  func testTheNoneCursorHidesThePointer() throws {
    try gtk {
      let window = Window(type: .toplevel)
      defer { window.destroy() }
      window.showAll()
      runMainLoop(for: .milliseconds(50))
      let display = try XCTUnwrap(Display.default)
      let none = try XCTUnwrap(Cursor.named("none", on: display))
      let gdkWindow = try XCTUnwrap(window.window)
      gdkWindow.cursor = none
      XCTAssertEqual(gdkWindow.cursor?.cursorType, .blankCursor)
      gdkWindow.cursor = nil
      XCTAssertNil(gdkWindow.cursor)
      XCTAssertNil(Cursor.named("no-such-cursor-name", on: display))
    }
  }
}
