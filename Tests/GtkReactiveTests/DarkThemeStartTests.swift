// An application asking for the dark theme before it runs: GTK loads the dark variant first.
import GtkReactive
import GtkReactiveTesting
import XCTest

final class DarkThemeStartTests: GtkTestCase {
  /// The theme's window background on `screen`, as a window there is styled.
  @MainActor
  private static func background(on screen: Screen) throws -> RGBA {
    let window = Window(type: .toplevel)
    defer { window.destroy() }
    window.setScreen(screen)
    let (found, color) = try XCTUnwrap(window.styleContext).lookupColor("theme_bg_color")
    XCTAssertTrue(found, "Adwaita names its background colour")
    return color
  }

  func testSettingsMadeBeforeStartupLoadTheDarkVariantFirst() throws {
    try gtk {
      let defaultSettings = try XCTUnwrap(Settings.default)
      let original = defaultSettings.gtkApplicationPreferDarkTheme
      defer { defaultSettings.gtkApplicationPreferDarkTheme = original }
      defaultSettings.resetProperty("gtk-application-prefer-dark-theme")

      let application = Application(applicationId: nil, flags: .nonUnique)
      application.startsWithDarkTheme()
      // A second connection to the same X server gets settings of its own, made now:
      // they are what a fresh process's screen gets while the application starts.
      let name = try XCTUnwrap(Display.default).name
      let display = try XCTUnwrap(Display.open(name))
      defer { display.close() }
      let screen = try XCTUnwrap(display.defaultScreen)
      let settings = try XCTUnwrap(Settings.getForScreen(screen))
      XCTAssertTrue(settings.gtkApplicationPreferDarkTheme, "dark from the start")
      let dark = try Self.background(on: screen)
      XCTAssertLessThan(dark.red, 0.4, "Adwaita's dark background")

      _ = try application.register(nil)
      XCTAssertTrue(defaultSettings.gtkApplicationPreferDarkTheme, "set at startup")

      // From startup on it is an ordinary setting: reset returns to GTK's default.
      settings.resetProperty("gtk-application-prefer-dark-theme")
      XCTAssertFalse(settings.gtkApplicationPreferDarkTheme)
      XCTAssertGreaterThan(try Self.background(on: screen).red, 0.8, "Adwaita's light background")
    }
  }

  func testAskingAfterStartupSetsThePropertyAtOnce() throws {
    try gtk {
      let defaultSettings = try XCTUnwrap(Settings.default)
      let original = defaultSettings.gtkApplicationPreferDarkTheme
      defer { defaultSettings.gtkApplicationPreferDarkTheme = original }
      defaultSettings.gtkApplicationPreferDarkTheme = false
      let application = Application(applicationId: nil, flags: .nonUnique)
      _ = try application.register(nil)
      application.startsWithDarkTheme()
      XCTAssertTrue(defaultSettings.gtkApplicationPreferDarkTheme)
    }
  }
}
