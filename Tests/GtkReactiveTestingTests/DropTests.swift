// A simulated drop of files goes through GTK's drag-and-drop protocol to the drop site.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class DropTests: FailureCapturingTestCase {
  func testAFileDropReachesADropTargetWithItsURIs() {
    gtk {
      let window = makeWindow(title: "drop", width: 200, height: 150)
      defer { window.destroy() }
      let area = DrawingArea()
      window.add(area)
      var drops: [[String]] = []
      let subscription = area.rx.droppedURIs.subscribe(next: { drops.append($0) })
      defer { subscription.dispose() }
      window.showAll()
      runUntilIdle()
      let uris = ["file:///notes/a%20b.md", "file:///notes/folder"]
      XCTAssertTrue(drop(uris: uris, on: area))
      XCTAssertTrue(drop(uris: ["file:///c.md"], on: area, at: (x: 5, y: 5), asText: false))
      XCTAssertEqual(drops, [uris, ["file:///c.md"]])
    }
  }

  func testAWidgetThatIsNoDropTargetTakesNothing() {
    gtk {
      let window = makeWindow(title: "no drop", width: 200, height: 150)
      defer { window.destroy() }
      let label = Label("plain")
      window.add(label)
      window.showAll()
      runUntilIdle()
      XCTAssertFalse(drop(uris: ["file:///a.md"], on: label))
    }
  }

  func testADropSiteWithoutAMatchingTargetRefusesTheDrag() {
    gtk {
      let window = makeWindow(title: "images only", width: 200, height: 150)
      defer { window.destroy() }
      let area = DrawingArea()
      window.add(area)
      let widget = area.pointer(as: GtkWidget.self)
      gtk_drag_dest_set(widget, GTK_DEST_DEFAULT_ALL, nil, 0, GDK_ACTION_COPY)
      gtk_drag_dest_add_image_targets(widget)
      window.showAll()
      runUntilIdle()
      XCTAssertFalse(drop(uris: ["file:///a.md"], on: area))
    }
  }

  func testDroppingOnAHiddenWidgetFails() {
    let failures = failures {
      gtk {
        let area = DrawingArea()
        XCTAssertFalse(drop(uris: ["file:///a.md"], on: area))
      }
    }
    XCTAssertEqual(failures.count, 1, "\(failures)")
    XCTAssertTrue(failures.last?.contains("not in a shown window") == true, "\(failures)")
  }
}
