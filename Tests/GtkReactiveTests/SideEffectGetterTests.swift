// C getters that change state are methods, not properties: reading one twice gives two
// answers (an update area handed over, a fresh context, a counted descriptor; the
// display's event queue is in EventArgumentMembersTests), which a property would hide.
import Glibc
import GtkReactive
import GtkReactiveTesting
import XCTest

final class SideEffectGetterTests: GtkTestCase {
  func testAWindowsUpdateAreaIsHandedOverOnce() {
    gtk {
      let window = Window(type: .toplevel)
      window.setDefaultSize(120, height: 80)
      window.showAll()
      XCTAssertTrue(MainLoop.iterate(until: { window.allocation.width > 0 }))
      MainLoop.iterate(for: .milliseconds(50))
      guard let gdkWindow = window.window else { return XCTFail("no GdkWindow") }
      _ = gdkWindow.takeUpdateArea()  // whatever the first frames left

      gdkWindow.invalidateRect(
        Rectangle(x: 10, y: 0, width: 30, height: 20), invalidateChildren: false)
      XCTAssertEqual(
        gdkWindow.takeUpdateArea()?.extents, Rectangle(x: 10, y: 0, width: 30, height: 20))
      XCTAssertNil(gdkWindow.takeUpdateArea(), "the window is valid again")
      window.destroy()
    }
  }

  func testEachAppLaunchContextIsNewAndKeepsItsOwnSettings() {
    gtk {
      guard let display = Display.default,
        let first = display.makeAppLaunchContext(),
        let second = display.makeAppLaunchContext()
      else { return XCTFail("no display or no launch context") }
      XCTAssertNotEqual(first.pointer, second.pointer, "two contexts")
      first.setenv("GTK_REACTIVE_PROBE", value: "1")
      XCTAssertTrue(first.environment.contains("GTK_REACTIVE_PROBE=1"))
      XCTAssertFalse(
        second.environment.contains { $0.hasPrefix("GTK_REACTIVE_PROBE=") },
        "a setting made on one context is not on the next")
    }
  }

  func testACancellablesDescriptorBecomesReadableOnCancelAndIsCountedPerCall() {
    gtk {
      let cancellable = Cancellable()
      let fd = cancellable.fd()
      XCTAssertGreaterThanOrEqual(fd, 0, "Linux gives a wake-up descriptor")
      XCTAssertEqual(cancellable.fd(), fd, "the same descriptor, counted twice")
      XCTAssertFalse(readable(fd), "nothing to read before the cancel")
      cancellable.cancel()
      XCTAssertTrue(readable(fd), "the cancel wakes a poll on it")
      cancellable.releaseFd()
      XCTAssertNotEqual(fcntl(Int32(fd), F_GETFD), -1, "still open: one call not balanced")
      cancellable.releaseFd()
    }
  }
}

/// Whether `fd` has something to read now.
private func readable(_ fd: Int) -> Bool {
  var request = pollfd(fd: Int32(fd), events: Int16(POLLIN), revents: 0)
  return poll(&request, 1, 0) == 1 && request.revents & Int16(POLLIN) != 0
}
