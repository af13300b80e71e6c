// GMenu models built with the result builder: items, targets, sections and submenus.
import CGtk
import GtkReactive
import GtkReactiveTesting
import XCTest

/// The string attribute `name` of item `index` of `model`, if any.
@MainActor
private func attribute(_ model: MenuModel, _ index: Int32, _ name: String) -> String? {
  guard
    let value = g_menu_model_get_item_attribute_value(
      model.pointer(as: GMenuModel.self), index, name, nil)
  else { return nil }
  defer { g_variant_unref(value) }
  if String(cString: g_variant_get_type_string(value)) == "s" {
    return String(cString: g_variant_get_string(value, nil))
  }
  return String(cString: g_variant_print(value, 0))  // leaks a little; tests only
}

/// The link (`"section"`, `"submenu"`) of item `index`, if any.
@MainActor
private func link(_ model: MenuModel, _ index: Int32, _ name: String) -> MenuModel? {
  g_menu_model_get_item_link(model.pointer(as: GMenuModel.self), index, name).map {
    MenuModel(takingOwnership: UnsafeMutableRawPointer($0))
  }
}

@MainActor
private func count(_ model: MenuModel) -> Int32 {
  g_menu_model_get_n_items(model.pointer(as: GMenuModel.self))
}

final class MenuBuilderTests: GtkTestCase {
  func testTheMenuHoldsTheItemsBuilt() {
    gtk {
      let showHidden = true
      let menu = Gio.Menu {
        MenuEntry.item("_New", action: "app.new")
        MenuEntry.section {
          for zoom in [Int32(1), 2] {
            MenuEntry.item("Zoom \(zoom)×", action: "win.zoom", target: zoom)
          }
        }
        MenuEntry.submenu("View") {
          MenuEntry.item("_Dark", action: "app.dark")
          if showHidden {
            MenuEntry.item("Hidden Files", action: "win.hidden")
          } else {
            MenuEntry.item("Never", action: "win.never")
          }
        }
        MenuEntry.section("Help") {
          MenuEntry.item("About", action: "app.about", target: "x")
        }
      }
      XCTAssertEqual(count(menu), 4)
      XCTAssertEqual(attribute(menu, 0, "label"), "_New")
      XCTAssertEqual(attribute(menu, 0, "action"), "app.new")
      let section = link(menu, 1, "section")
      XCTAssertNotNil(section)
      if let section {
        XCTAssertEqual(count(section), 2)
        XCTAssertEqual(attribute(section, 1, "label"), "Zoom 2×")
        XCTAssertEqual(attribute(section, 1, "action"), "win.zoom")
        XCTAssertEqual(attribute(section, 1, "target"), "2")
      }
      XCTAssertEqual(attribute(menu, 2, "label"), "View")
      let submenu = link(menu, 2, "submenu")
      XCTAssertNotNil(submenu)
      if let submenu {
        XCTAssertEqual(count(submenu), 2)
        XCTAssertEqual(attribute(submenu, 1, "action"), "win.hidden")
      }
      XCTAssertEqual(attribute(menu, 3, "label"), "Help")
      XCTAssertEqual(link(menu, 3, "section").map(count), 1)
    }
  }

  func testAMenuButtonShowsTheModel() {
    gtk {
      let menu = Gio.Menu { MenuEntry.item("Quit", action: "app.quit") }
      let button = MenuButton()
      button.menuModel = menu
      XCTAssertEqual(button.menuModel?.pointer, menu.pointer)
      menu.append { MenuEntry.item("About", action: "app.about") }
      XCTAssertEqual(count(menu), 2)
    }
  }
}
