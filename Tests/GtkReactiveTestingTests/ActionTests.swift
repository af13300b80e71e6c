// Activating a GAction by its detailed name, through the action groups GTK would use.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ActionTests: FailureCapturingTestCase {
  func testActivatesAnActionOfAGroupInsertedOnAnAncestor() throws {
    try gtk {
      let (window, group) = makeWindowWithActions()
      defer { window.destroy() }
      let button = Button(label: "inside")
      window.add(button)
      let save = Object(retaining: g_action_map_lookup_action(group, "save")!)
      var saves = 0
      let subscription = try save.rx.signal(named: "activate").subscribe(next: { saves += 1 })
      defer { subscription.dispose() }

      activateAction("win.save", in: button)
      activateAction("win.save", in: window)
      XCTAssertEqual(saves, 2)
    }
  }

  func testPassesTheTargetOfADetailedName() throws {
    gtk {
      let (window, group) = makeWindowWithActions()
      defer { window.destroy() }
      activateAction("win.theme::dark", in: window)
      let state = g_action_group_get_action_state(group, "theme")!
      defer { g_variant_unref(state) }
      XCTAssertEqual(String(cString: g_variant_get_string(state, nil)), "dark")
    }
  }

  func testAMissingOrDisabledActionFails() throws {
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
  let window = makeWindow(title: "actions")
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

final class ApplicationActionTests: FailureCapturingTestCase {
  func testAnApplicationWindowsActionsAndAcceleratorsAndItsApplicationsActions() throws {
    try gtk {
      let application = gtk_application_new(
        "org.gtkreactive.TestingTests", G_APPLICATION_NON_UNIQUE)!
      defer { g_object_unref(UnsafeMutableRawPointer(application)) }
      let gApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(
        to: GApplication.self)
      XCTAssertNotEqual(g_application_register(gApplication, nil, nil), 0)
      let window = Window(retaining: gtk_application_window_new(application))
      defer { window.destroy() }
      window.add(Button(label: "inside"))

      let save = Object(takingOwnership: UnsafeMutableRawPointer(g_simple_action_new("save", nil)!))
      g_action_map_add_action(OpaquePointer(window.pointer), OpaquePointer(save.pointer))
      let about = Object(
        takingOwnership: UnsafeMutableRawPointer(g_simple_action_new("about", nil)!))
      g_action_map_add_action(OpaquePointer(application), OpaquePointer(about.pointer))
      var saves = 0
      var abouts = 0
      let bag = DisposeBag()
      try save.rx.signal(named: "activate").subscribe(next: { saves += 1 }).disposed(by: bag)
      try about.rx.signal(named: "activate").subscribe(next: { abouts += 1 }).disposed(by: bag)

      "<Control>s".withCString { accelerator in
        var accelerators: [UnsafePointer<CChar>?] = [accelerator, nil]
        gtk_application_set_accels_for_action(application, "win.save", &accelerators)
      }
      window.showAll()
      runUntilIdle()

      press("s", modifiers: .control, in: window)
      XCTAssertEqual(saves, 1, "the application's accelerator for win.save")
      activateAction("win.save", in: window)
      XCTAssertEqual(saves, 2)
      activateAction("app.about", in: window)
      activateAction("app.about", in: Object(retaining: UnsafeMutableRawPointer(application)))
      XCTAssertEqual(abouts, 2)
    }
  }
}
