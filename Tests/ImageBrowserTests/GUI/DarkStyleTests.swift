// The window under Xvfb is dark around the dark viewer, as the person chose; the strip
// shows no empty scrollbar trough.
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

final class DarkStyleTests: GUITestCase {
  /// How light the header bar's text is (0 black, 1 white): light text on a dark bar
  /// means GTK drew the theme's dark variant.
  @MainActor private static func headerTextLightness(_ browser: BrowserWindow) -> Double {
    let color = browser.header.widget.styleContext!.color(.normal)
    return 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
  }

  /// The colour at (`x`, `y`) of `window` as drawn, 0xRRGGBB.
  @MainActor private static func pixel(of window: Window, x: Int, y: Int) -> UInt32? {
    guard let drawn = gtk_widget_get_window(window.pointer(as: GtkWidget.self)),
      let shot = gdk_pixbuf_get_from_window(drawn, Int32(x), Int32(y), 1, 1)
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(shot)) }
    let bytes = gdk_pixbuf_read_pixels(shot)!
    return UInt32(bytes[0]) << 16 | UInt32(bytes[1]) << 8 | UInt32(bytes[2])
  }

  func testTheWindowIsDarkByDefaultAndFollowsTheChoice() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer {
        h.close()
        DarkStyle.apply(true)
      }
      h.makeImages(3)
      let settings = InMemorySettings()
      let browser = h.makeBrowser(expecting: 3, settings: settings)
      XCTAssertEqual(GtkReactive.Settings.default?.gtkApplicationPreferDarkTheme, true)
      XCTAssertGreaterThan(Self.headerTextLightness(browser), 0.6, "light text on a dark header")
      _ = h.saveScreenshot(of: browser, named: "dark-style")

      // The person turns it off in Preferences: the light variant, remembered.
      browser.viewControls.showPreferences()
      let dialog = try XCTUnwrap(browser.viewControls.preferencesDialog)
      dialog.prefersDarkStyle.isActive = false
      h.settle()
      XCTAssertEqual(GtkReactive.Settings.default?.gtkApplicationPreferDarkTheme, false)
      XCTAssertLessThan(Self.headerTextLightness(browser), 0.4, "dark text on a light header")
      XCTAssertEqual(settings.load().prefersDarkStyle, false)
      dialog.dialog.destroy()
      h.settle()
    }
  }

  func testASavedLightChoiceIsHonouredAtLaunch() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer {
        h.close()
        DarkStyle.apply(true)
      }
      h.makeImages(2)
      let browser = h.makeBrowser(
        expecting: 2, settings: InMemorySettings(Settings(prefersDarkStyle: false)))
      XCTAssertEqual(GtkReactive.Settings.default?.gtkApplicationPreferDarkTheme, false)
      XCTAssertLessThan(Self.headerTextLightness(browser), 0.4)
    }
  }

  func testTheStripShowsAScrollbarOnlyWhenTheThumbnailsDoNotFit() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      let stripHeight = browser.strip.widget.allocatedHeight
      XCTAssertFalse(browser.strip.scrollbar.childVisible, "three thumbnails fit: no trough")
      XCTAssertFalse(browser.strip.scrollbar.isMapped)
      // Where the scrollbar would be, the strip's own dark grey: no lighter band.
      let strip = browser.strip.widget
      let (found, x, y) = strip.translateCoordinates(
        browser.window, srcX: strip.allocatedWidth / 2, srcY: strip.allocatedHeight - 3)
      XCTAssertTrue(found)
      XCTAssertEqual(Self.pixel(of: browser.window, x: x, y: y), 0x24_2426)
      _ = h.saveScreenshot(of: browser, named: "strip-fits")

      // Enough images to scroll: the scrollbar shows, in the space it kept.
      for index in 4...40 {
        h.save(
          h.makePixbuf(width: 64, height: 48, rgba: 0x3366_99ff),
          to: folder.appendingPathComponent("photo-\(index).png"))
      }
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.items.value.count == 40 }))
      h.settle()
      XCTAssertTrue(browser.strip.scrollbar.childVisible, "40 thumbnails scroll")
      XCTAssertTrue(browser.strip.scrollbar.isMapped)
      XCTAssertEqual(browser.strip.widget.allocatedHeight, stripHeight, "the viewer keeps its size")
    }
  }
}
