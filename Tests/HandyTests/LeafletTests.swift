// An adaptive layout: a leaflet folds when its window gets narrower than its children.
import GtkReactive
import GtkReactiveTesting
import Handy
import Reactive
import XCTest

final class LeafletTests: GtkTestCase {
  /// Two 300-pixel panes side by side at 800 pixels, one at a time at 350; `rx.isFolded`
  /// reports each change, and completes once when the leaflet is destroyed.
  func testFoldsAtANarrowWidthAndReportsIt() {
    gtk {
      HandyLibrary.initialize()
      let window = Window(type: .toplevel)
      let leaflet = Leaflet()
      let sidebar = Label("Sidebar")
      let content = Label("Content")
      for pane in [sidebar, content] {
        pane.setSizeRequest(300, height: 100)
        leaflet.add(pane)
      }
      leaflet.modeTransitionDuration = 0
      leaflet.childTransitionDuration = 0
      window.add(leaflet)
      window.setDefaultSize(800, height: 200)
      var folded: [Bool] = []
      var completions = 0
      let subscription = leaflet.rx.isFolded.subscribe(
        next: { folded.append($0) }, completed: { completions += 1 })
      window.showAll()
      runMainLoop(until: { leaflet.allocatedWidth >= 600 }, "the wide window was not allocated")
      XCTAssertFalse(leaflet.isFolded)
      XCTAssertEqual(folded, [false])

      window.resize(350, height: 200)
      runMainLoop(until: { leaflet.isFolded }, "the leaflet did not fold at 350 pixels")
      XCTAssertEqual(folded, [false, true])
      // Folded, one pane shows at a time, and the leaflet navigates between them.
      leaflet.setVisibleChild(content)
      XCTAssertEqual(leaflet.visibleChild, content)
      XCTAssertTrue(leaflet.navigate(.back))
      XCTAssertEqual(leaflet.visibleChild, sidebar)

      window.resize(800, height: 200)
      runMainLoop(until: { !leaflet.isFolded }, "the leaflet did not unfold at 800 pixels")
      XCTAssertEqual(folded, [false, true, false])

      window.destroy()
      XCTAssertEqual(completions, 1, "destroying the leaflet completes its signals once")
      subscription.dispose()
      XCTAssertEqual(completions, 1)
    }
  }

  /// The visible child is a control property: setting it through its sink moves the
  /// leaflet without echoing back, a change made by the leaflet reaches subscribers.
  func testVisibleChildIsAControlProperty() {
    gtk {
      HandyLibrary.initialize()
      let leaflet = Leaflet()
      let first = Label("One")
      let second = Label("Two")
      leaflet.add(first)
      leaflet.add(second)
      leaflet.showAll()  // a leaflet shows only visible children
      var shown: [Widget?] = []
      let subscription = leaflet.rx.visibleChild.subscribe(next: { shown.append($0) })
      leaflet.rx.visibleChild.on(second)
      XCTAssertEqual(leaflet.visibleChild, second)
      leaflet.setVisibleChild(first)
      XCTAssertEqual(shown, [first, first], "the current child, then the leaflet's change only")
      subscription.dispose()
      leaflet.destroy()
    }
  }
}
