// The window in German and in Hebrew: titles, menus, tooltips, notices, GTK's own
// buttons, and (Hebrew) the mirrored strip and arrow keys.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class LanguageTests: GUITestCase {
  func testGermanTitlesMenusTooltipsAndNotices() throws {
    let folder = self.folder!
    try gtk {
      try withLanguage("de") {
        let h = BrowserHarness(folder: folder)
        defer { h.close() }
        h.makeImages(3)
        let browser = h.makeBrowser(expecting: 3)
        XCTAssertEqual(browser.window.title, "photo-1.png (1 von 3) — Bildbrowser")
        XCTAssertEqual(browser.header.positionLabel.text, "(1 von 3)")
        XCTAssertEqual(browser.window.accessibleName, "photo-1.png, 1 von 3")
        let zoom = browser.header.zoomControl
        XCTAssertEqual(zoom.entry.accessibleName, "Zoomstufe")
        XCTAssertEqual(
          Self.labels(of: zoom.presetsModel),
          ["_Einpassen", "An _Breite anpassen", "50 %", "100 %", "200 %", "400 %"])
        let labels = Self.labels(of: browser.header.menuModel)
        XCTAssertTrue(labels.contains("_Öffnen …"), "\(labels)")
        XCTAssertTrue(labels.contains("In den Papierkorb _verschieben"), "\(labels)")
        XCTAssertTrue(labels.contains("Sortieren _nach"), "\(labels)")
        XCTAssertEqual(browser.header.previousButton.tooltipText, "Vorheriges Bild (Links)")
        XCTAssertEqual(browser.header.searchEntry.placeholderText, "Nach Name filtern")
        XCTAssertEqual(browser.header.sortItems[.dateTaken]?.label, "Aufnahmedatum")
        XCTAssertEqual(browser.header.sortItems[.size]?.accessibleName, "Nach Größe sortieren")
        XCTAssertEqual(BrowserAction.named("next").title, "Nächstes Bild")
        // A notice from the view model (this harness refuses file operations).
        h.press("Delete", in: browser)
        XCTAssertEqual(
          browser.noticeBar.label.text,
          "»photo-1.png« kann nicht in den Papierkorb verschoben werden: "
            + "Dateioperationen sind nicht verfügbar")
        // GTK's own words come from the system's German catalogue.
        h.press("Delete", modifiers: .shift, in: browser)
        let dialog = try XCTUnwrap(ActionTests.toplevels(MessageDialog.self).first)
        XCTAssertEqual(dialog.text, "»photo-1.png« endgültig löschen?")
        var buttons: [String] = []
        ActionTests.forEachDescendant(of: dialog) { widget in
          if let button = widget.cast(to: Button.self) { buttons.append(button.label) }
        }
        XCTAssertTrue(buttons.contains("_Abbrechen"), "GTK's Cancel in German: \(buttons)")
        XCTAssertTrue(buttons.contains("_Löschen"), "\(buttons)")
        h.saveScreenshot(of: browser, named: "language-de-confirm")
        dialog.response(.cancel)
        h.settle()
      }
    }
  }

  func testHebrewMirrorsTheStripTheArrowKeysAndTheButtons() throws {
    let folder = self.folder!
    try gtk {
      Widget.setDefaultDirection(.rtl)
      defer { Widget.setDefaultDirection(.ltr) }
      try withLanguage("he") {
        let h = BrowserHarness(folder: folder)
        defer { h.close() }
        h.makeImages(5)
        let browser = h.makeBrowser(expecting: 5)
        let model = browser.viewModel
        // A right-to-left mark starts the title and the file name is isolated
        // (U+2068…U+2069), so the title reads right to left although it starts with a
        // Latin name (GTK takes a label's direction from its first strong letter).
        XCTAssertEqual(
          browser.window.title,
          "\u{200F}\u{2068}\u{200F}\u{2068}photo-1.png\u{2069} (1 מתוך 5)\u{2069} — דפדפן תמונות")
        // The accessible name isolates the file name the same way.
        XCTAssertEqual(
          browser.window.accessibleName, "\u{200F}\u{2068}photo-1.png\u{2069}, 1 מתוך 5")
        XCTAssertTrue(
          Self.labels(of: browser.header.zoomControl.presetsModel)
            .contains("100%"))
        // The first image is at the right end of the strip, the next to its left.
        let strip = browser.strip
        let width = Double(strip.canvas.allocatedWidth)
        XCTAssertGreaterThan(strip.centre(ofRow: 0).x, width / 2)
        XCTAssertLessThan(strip.centre(ofRow: 1).x, strip.centre(ofRow: 0).x)
        h.clickThumbnail(2, in: browser)
        XCTAssertEqual(model.index.value, 2, "a click picks the cell drawn there")
        XCTAssertEqual(h.hoverThumbnail(3, in: browser), "photo-4.png")
        // Left points the way the images run: the next one.
        browser.viewer.canvas.grabFocus()
        h.press("Left", in: browser)
        XCTAssertEqual(model.index.value, 3)
        h.press("Right", in: browser)
        XCTAssertEqual(model.index.value, 2)
        h.press("Page_Down", in: browser)
        XCTAssertEqual(model.index.value, 3, "Page Down is next either way")
        // GTK mirrors the header: Previous is right of Next, and the tooltips say so.
        let previous = try XCTUnwrap(Self.x(of: browser.header.previousButton, in: browser))
        let next = try XCTUnwrap(Self.x(of: browser.header.nextButton, in: browser))
        XCTAssertGreaterThan(previous, next)
        XCTAssertEqual(browser.header.previousButton.tooltipText, "התמונה הקודמת (ימינה)")
        XCTAssertEqual(browser.header.nextButton.tooltipText, "התמונה הבאה (שמאלה)")
        h.saveScreenshot(of: browser, named: "language-he")
      }
    }
  }

  /// Where `widget` starts, in the window's coordinates.
  @MainActor
  private static func x(of widget: Widget, in browser: BrowserWindow) -> Int? {
    var x: Int32 = 0
    var y: Int32 = 0
    let translated = gtk_widget_translate_coordinates(
      widget.pointer(as: GtkWidget.self), browser.window.pointer(as: GtkWidget.self), 0, 0, &x,
      &y)
    return translated != 0 ? Int(x) : nil
  }

  /// Every item label of `menu` and its sections and submenus, in order.
  @MainActor
  private static func labels(of menu: MenuModel) -> [String] {
    labels(of: menu.pointer(as: GMenuModel.self))
  }

  private static func labels(of model: UnsafeMutablePointer<GMenuModel>) -> [String] {
    var labels: [String] = []
    for index in 0..<g_menu_model_get_n_items(model) {
      if let label = g_menu_model_get_item_attribute_value(model, index, "label", nil) {
        labels.append(String(cString: g_variant_get_string(label, nil)))
        g_variant_unref(label)
      }
      for link in ["section", "submenu"] {
        if let child = g_menu_model_get_item_link(model, index, link) {
          labels += Self.labels(of: child)
          g_object_unref(UnsafeMutableRawPointer(child))
        }
      }
    }
    return labels
  }
}
