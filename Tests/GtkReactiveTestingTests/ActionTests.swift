// Activating a GAction by its detailed name, through the action groups GTK would use.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ActionTests: FailureCapturingTestCase {
  func testActivatesAnActionOfAGroupInsertedOnAnAncestor() {
    gtk {
      let (window, group) = makeWindowWithActions()
      defer { window.destroy() }
      let button = Button(label: "inside")
      window.add(button)
      let save = Object(retaining: g_action_map_lookup_action(group, "save")!)
      var saves = 0
      let subscription = save.rx.signal(named: "activate").subscribe(next: { saves += 1 })
      defer { subscription.dispose() }

      activateAction("win.save", in: button)
      activateAction("win.save", in: window)
      XCTAssertEqual(saves, 2)
    }
  }

  func testPassesTheTargetOfADetailedName() {
    gtk {
      let (window, group) = makeWindowWithActions()
      defer { window.destroy() }
      activateAction("win.theme::dark", in: window)
      let state = g_action_group_get_action_state(group, "theme")!
      defer { g_variant_unref(state) }
      XCTAssertEqual(String(cString: g_variant_get_string(state, nil)), "dark")
    }
  }

  func testAMissingOrDisabledActionFails() {
    let failures = failures {
      gtk {
        let (window, group) = makeWindowWithActions()
        defer { window.destroy() }
        activateAction("win.nothing", in: window)
        g_simple_action_set_enabled(g_action_map_lookup_action(group, "save"), 0)
        activateAction("win.save", in: window)
      }
    }
    XCTAssertEqual(failures.count, 2, "\(failures)")
    XCTAssertTrue(failures.first?.contains("win.nothing") == true, "\(failures)")
    XCTAssertTrue(failures.last?.contains("disabled") == true, "\(failures)")
  }
}

/// A window with a `win` group holding `save` and the string-state action `theme`.
@MainActor
private func makeWindowWithActions() -> (Window, OpaquePointer) {
  let window = Window(title: "actions")
  let group = g_simple_action_group_new()!
  let save = g_simple_action_new("save", nil)!
  g_action_map_add_action(OpaquePointer(group), save)
  g_object_unref(UnsafeMutableRawPointer(save))
  let stringType = g_variant_type_new("s")
  defer { g_variant_type_free(stringType) }
  // Without an `activate` handler a stateful action takes its parameter as new state.
  let theme = g_simple_action_new_stateful("theme", stringType, g_variant_new_string("light"))!
  g_action_map_add_action(OpaquePointer(group), theme)
  g_object_unref(UnsafeMutableRawPointer(theme))
  gtk_widget_insert_action_group(window.pointer(as: GtkWidget.self), "win", OpaquePointer(group))
  g_object_unref(UnsafeMutableRawPointer(group))  // the window holds it
  return (window, OpaquePointer(group))
}
