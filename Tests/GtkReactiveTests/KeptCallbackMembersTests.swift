// A callback GTK calls without user data but with the object it belongs to: a menu's
// detacher, whose closure is kept on the menu until its one call.
import CGtk
import GtkReactiveTesting
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class KeptCallbackMembersTests: GtkTestCase {
  private final class Token {}

  func testAMenusDetacherRunsOnceWhenItIsDetachedAndIsThenReleased() {
    gtk {
      let button = Button(label: "Menu")
      let menu = Menu()
      var detached: [(UnsafeMutablePointer<GObject>, UnsafeMutablePointer<GObject>)] = []
      weak var captured: Token?
      do {
        let token = Token()
        captured = token
        menu.attachToWidget(button) { widget, detachedMenu in
          _ = token
          detached.append((widget.pointer, detachedMenu.pointer))
        }
      }
      XCTAssertEqual(menu.attachWidget?.pointer, button.pointer)
      XCTAssertNotNil(captured, "kept on the menu while it is attached")
      menu.detach()
      XCTAssertEqual(detached.count, 1)
      XCTAssertEqual(detached.first?.0, button.pointer, "the widget it was attached to")
      XCTAssertEqual(detached.first?.1, menu.pointer)
      XCTAssertNil(menu.attachWidget)
      XCTAssertNil(captured, "released after its one call")
    }
  }

  func testDestroyingTheAttachWidgetDetachesTheMenuAndRunsItsDetacher() {
    gtk {
      let menu = Menu()
      weak var earlier: Token?
      var calls: [String] = []
      let first = Button(label: "First")
      do {
        let token = Token()
        earlier = token
        menu.attachToWidget(first) { _, _ in
          _ = token
          calls.append("first")
        }
      }
      menu.detach()
      XCTAssertEqual(calls, ["first"])
      calls.removeAll()
      do {
        let second = Button(label: "Second")
        menu.attachToWidget(second) { _, _ in calls.append("second") }
        XCTAssertNil(earlier, "the first closure is gone once it ran")
        second.destroy()
      }
      XCTAssertEqual(calls, ["second"], "destroying the attach widget detaches the menu")
      XCTAssertNil(menu.attachWidget)

      // Attached without a detacher: nothing kept, nothing called.
      let third = Button(label: "Third")
      menu.attachToWidget(third, detacher: nil)
      menu.detach()
      XCTAssertEqual(calls, ["second"])
    }
  }
}
