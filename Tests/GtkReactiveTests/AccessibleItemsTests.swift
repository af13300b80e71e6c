// Virtual accessible children: what a screen reader's ATK calls see of a drawn list.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import ReactiveTesting
import XCTest

/// The accessible children of `widget`, as ATK reports them.
@MainActor
private func children(of widget: Widget) -> [UnsafeMutablePointer<AtkObject>] {
  let accessible = gtk_widget_get_accessible(widget.pointer(as: GtkWidget.self))!
  return (0..<atk_object_get_n_accessible_children(accessible)).compactMap { index in
    guard let child = atk_object_ref_accessible_child(accessible, index) else { return nil }
    g_object_unref(child)  // the widget's items keep it
    return child
  }
}

@MainActor
private func accessibleName(_ object: UnsafeMutablePointer<AtkObject>) -> String {
  String(cString: atk_object_get_name(object))
}

@MainActor
private func has(_ object: UnsafeMutablePointer<AtkObject>, _ state: AtkStateType) -> Bool {
  let set = atk_object_ref_state_set(object)!
  defer { g_object_unref(set) }
  return atk_state_set_contains_state(set, state) != 0
}

/// Counts `children-changed` emissions of an accessible object.
@MainActor
private final class ChildrenChanges {
  var count = 0
}

final class AccessibleItemsTests: GtkTestCase {
  func testItemsAreListItemsWithNamesStatesAndPositions() {
    gtk {
      let items = AccessibleItems()
      let canvas = DrawingArea(accessibleItems: items)
      canvas.accessibleName = "Thumbnails"
      canvas.accessibleRole = .listBox
      XCTAssertTrue(canvas.isA(DrawingArea.self), "still a drawing area")
      XCTAssertEqual(canvas.accessibleRole, .listBox)
      items.items = [
        AccessibleItem(id: 10, name: "a.png"),
        AccessibleItem(id: 11, name: "b.png", isSelected: true),
      ]
      let cells = children(of: canvas)
      XCTAssertEqual(cells.map(accessibleName), ["a.png", "b.png"])
      XCTAssertEqual(
        cells.map { atk_object_get_role($0) }, [ATK_ROLE_LIST_ITEM, ATK_ROLE_LIST_ITEM])
      XCTAssertEqual(cells.map { atk_object_get_index_in_parent($0) }, [0, 1])
      XCTAssertEqual(cells.map { has($0, ATK_STATE_SELECTED) }, [false, true])
      XCTAssertTrue(cells.allSatisfy { has($0, ATK_STATE_SELECTABLE) })
      let accessible = gtk_widget_get_accessible(canvas.pointer(as: GtkWidget.self))!
      XCTAssertTrue(has(accessible, ATK_STATE_MANAGES_DESCENDANTS))
      XCTAssertEqual(atk_object_get_parent(cells[0]), accessible)
    }
  }

  func testAnUpdateKeepsSurvivorsRenamesAndRetiresTheRest() {
    gtk {
      let items = AccessibleItems()
      let canvas = DrawingArea(accessibleItems: items)
      items.items = (0..<3).map { AccessibleItem(id: $0, name: "p\($0)") }
      let before = children(of: canvas)
      let accessible = gtk_widget_get_accessible(canvas.pointer(as: GtkWidget.self))!
      let changes = ChildrenChanges()
      let handler = g_signal_connect_data(
        accessible, "children-changed",
        unsafeBitCast(
          {
            (
              _: UnsafeMutableRawPointer?, _: guint, _: UnsafeMutableRawPointer?,
              data: UnsafeMutableRawPointer?
            ) in
            Unmanaged<ChildrenChanges>.fromOpaque(data!).takeUnretainedValue().count += 1
          }
            as @convention(c) (
              UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
            ) -> Void,
          to: GCallback.self),
        Unmanaged.passUnretained(changes).toOpaque(), nil, GConnectFlags(rawValue: 0))
      defer { g_signal_handler_disconnect(accessible, handler) }
      g_object_ref(before[0])
      defer { g_object_unref(before[0]) }

      // Scrolled one cell on, and p1's file renamed.
      items.items = [
        AccessibleItem(id: 1, name: "p1 renamed"), AccessibleItem(id: 2, name: "p2"),
        AccessibleItem(id: 3, name: "p3"),
      ]
      let after = children(of: canvas)
      XCTAssertEqual(after.map(accessibleName), ["p1 renamed", "p2", "p3"])
      XCTAssertEqual(after[0], before[1], "a kept id keeps its accessible object")
      XCTAssertEqual(after[1], before[2])
      XCTAssertEqual(changes.count, 2, "one removal and one addition announced")
      XCTAssertTrue(has(before[0], ATK_STATE_DEFUNCT), "a retired item is defunct")
      XCTAssertEqual(atk_object_get_index_in_parent(before[0]), -1)
    }
  }

  func testFocusExtentsAndActivation() {
    gtk {
      let window = Window(type: .toplevel)
      let items = AccessibleItems()
      let canvas = DrawingArea(accessibleItems: items)
      canvas.canFocus = true
      canvas.setSizeRequest(300, height: 100)
      window.add(canvas)
      items.frame = { id in id == 1 ? (x: 110, y: 5, width: 90, height: 90) : nil }
      items.items = [AccessibleItem(id: 0, name: "a"), AccessibleItem(id: 1, name: "b")]
      window.showAll()
      canvas.grabFocus()
      runUntilIdle()
      let cells = children(of: canvas)
      items.focusedID = 1
      XCTAssertEqual(
        cells.map { has($0, ATK_STATE_FOCUSED) }, [false, canvas.hasFocus],
        "the focused item is focused while the widget has the focus")

      var parent = (x: gint(0), y: gint(0), width: gint(0), height: gint(0))
      var cell = parent
      let accessible = gtk_widget_get_accessible(canvas.pointer(as: GtkWidget.self))!
      atk_component_get_extents(
        OpaquePointer(accessible), &parent.x, &parent.y, &parent.width, &parent.height,
        ATK_XY_WINDOW)
      atk_component_get_extents(
        OpaquePointer(cells[1]), &cell.x, &cell.y, &cell.width, &cell.height, ATK_XY_WINDOW)
      XCTAssertEqual(
        [cell.x, cell.y, cell.width, cell.height], [parent.x + 110, parent.y + 5, 90, 90])
      XCTAssertTrue(has(cells[1], ATK_STATE_SHOWING))
      XCTAssertFalse(has(cells[0], ATK_STATE_SHOWING), "no frame: not on screen")

      var activated: [Int] = []
      let subscription = items.activations.subscribe(next: { activated.append($0) })
      XCTAssertEqual(atk_action_get_n_actions(OpaquePointer(cells[0])), 1)
      XCTAssertEqual(String(cString: atk_action_get_name(OpaquePointer(cells[0]), 0)), "activate")
      XCTAssertEqual(atk_action_do_action(OpaquePointer(cells[0]), 0), 1)
      XCTAssertEqual(activated, [0])
      subscription.dispose()
      window.destroy()
    }
  }

  func testTheItemsEndWithTheWidget() {
    gtk {
      let probe = FinalizationProbe()
      weak var weakItems: AccessibleItems?
      var completed = false
      do {
        let items = AccessibleItems()
        weakItems = items
        _ = items.activations.subscribe(completed: { completed = true })
        let canvas = DrawingArea(accessibleItems: items)
        probe.watch(canvas)
        items.items = [AccessibleItem(id: 0, name: "a")]
        XCTAssertEqual(children(of: canvas).count, 1)
      }
      runUntilIdle()
      XCTAssertEqual(probe.finalized, probe.watched, "the items do not keep their widget")
      XCTAssertNil(weakItems, "the widget released its items")
      XCTAssertTrue(completed, "activations complete with the widget")
    }
  }
}
