// libhandy's windows and header bar, and its preferences window built from rows.
import GtkReactive
import GtkReactiveTesting
import Handy
import Reactive
import XCTest

final class WindowTests: GtkTestCase {
  /// An `ApplicationWindow` has no title bar of its own: an `Handy.HeaderBar` packed in
  /// its content is one. Its title is a control property; GTK's `HeaderBar` keeps its
  /// bare name beside it.
  func testApplicationWindowWithAHeaderBar() {
    gtk {
      HandyLibrary.initialize()
      let window = Handy.ApplicationWindow()
      let header = Handy.HeaderBar()
      let menu = Button(label: "Menu")
      header.packEnd(menu)
      header.showCloseButton = true
      let box = Box(orientation: .vertical, spacing: 0)
      box.add(header)
      box.add(Label("Body"))
      window.add(box)
      var titles: [String] = []
      var completions = 0
      let subscription = header.rx.title.subscribe(
        next: { titles.append($0) }, completed: { completions += 1 })
      header.rx.title.on("Documents")
      XCTAssertEqual(header.title, "Documents")
      header.title = "Pictures"
      XCTAssertEqual(titles, ["", "Pictures"], "the sink's change is not echoed back")
      window.showAll()
      runMainLoop(until: { header.isMapped && menu.isMapped }, "the header bar was not shown")
      XCTAssertTrue(window.isA(GtkReactive.ApplicationWindow.self), "a GtkApplicationWindow")
      XCTAssertFalse(header.isA(GtkReactive.HeaderBar.self), "not GTK's own header bar")
      window.destroy()
      XCTAssertEqual(completions, 1)
      subscription.dispose()
    }
  }

  /// A preferences window of a page, a group and action rows: activating a row activates
  /// its widget (a switch) and sends `activated`; the search finds rows by title.
  func testPreferencesWindowRows() {
    gtk {
      HandyLibrary.initialize()
      let window = PreferencesWindow()
      let page = PreferencesPage()
      page.title = "General"
      page.iconName = "preferences-system-symbolic"
      let group = PreferencesGroup()
      group.title = "Appearance"
      let darkRow = ActionRow()
      darkRow.title = "_Dark style"
      darkRow.useUnderline = true
      darkRow.subtitle = "Use dark colours"
      let toggle = Switch()
      toggle.valign = .center
      darkRow.add(toggle)
      darkRow.activatableWidget = toggle
      let expander = ExpanderRow()
      expander.title = "Advanced"
      group.add(darkRow)
      group.add(expander)
      page.add(group)
      window.add(page)
      XCTAssertTrue(window.searchEnabled, "searching rows is on by default")

      var activations = 0
      var switched: [Bool] = []
      let activated = darkRow.rx.activated.subscribe(next: { activations += 1 })
      let states = toggle.rx.isActive.subscribe(next: { switched.append($0) })
      window.showAll()
      runMainLoop(until: { darkRow.isMapped }, "the row was not shown")
      darkRow.activateRow()
      XCTAssertEqual(activations, 1)
      // A switch toggles at the end of its animation.
      runMainLoop(until: { toggle.isActive }, "activating the row did not toggle its switch")
      XCTAssertEqual(switched, [false, true])
      XCTAssertEqual(darkRow.title, "_Dark style")
      XCTAssertEqual(darkRow.subtitle, "Use dark colours")

      activated.dispose()
      darkRow.activateRow()
      runMainLoop(until: { !toggle.isActive }, "activating the row again did not toggle back")
      XCTAssertEqual(activations, 1, "a disposed subscription hears nothing more")
      XCTAssertEqual(switched, [false, true, false])
      window.destroy()
      states.dispose()
    }
  }
}
