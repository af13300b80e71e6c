// A GtkMenu made from a menu model: attached to a window, shown at a widget, its items
// running the window's actions, gone with the window.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class MenuPopupTests: GtkTestCase {
  func testAnAttachedMenuShowsAtAWidgetAndRunsTheWindowsActions() throws {
    try gtk {
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      let window = ApplicationWindow(application: application)
      var runs = 0
      let command = Command<Void, Void, Never> { _ in
        runs += 1
        return .empty()
      }
      let binding = window.addAction("hello", command: command)
      let button = Button(label: "Anchor")
      window.add(button)
      window.showAll()
      runUntilIdle()

      let menu = Menu(model: Gio.Menu { MenuEntry.item("_Hello", action: "win.hello") })
      menu.attach(to: window)
      var ended = false
      let watch = menu.rx.deactivate.subscribe(completed: { ended = true })
      menu.popup(at: button)
      runUntilIdle()
      XCTAssertTrue(menu.isVisible, "shown")
      let item = try XCTUnwrap(menu.children.first?.cast(to: MenuItem.self))
      XCTAssertEqual(item.label, "_Hello")
      XCTAssertTrue(item.isSensitive, "the item found the window's action through the attachment")
      activate(item)
      runUntilIdle()
      XCTAssertEqual(runs, 1, "activating the item ran the action")

      menu.popupAtPointer()
      runUntilIdle()
      XCTAssertTrue(menu.isVisible, "shown again, at the pointer")
      menu.popdown()
      runUntilIdle()
      XCTAssertFalse(menu.isVisible)

      binding.dispose()
      window.destroy()
      runUntilIdle()
      XCTAssertTrue(ended, "the menu went with the window it was attached to")
      watch.dispose()
    }
  }
}
