// GtkSettings: the default settings' dark-theme preference as a two-way property.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class SettingsTests: GtkTestCase {
  func testTheDarkThemePreferenceRoundTrips() throws {
    try gtk {
      let settings = try XCTUnwrap(Settings.default)
      let original = settings.gtkApplicationPreferDarkTheme
      defer { settings.gtkApplicationPreferDarkTheme = original }
      settings.gtkApplicationPreferDarkTheme = false
      let dark = settings.rx.gtkApplicationPreferDarkTheme
      let values = Recorder(dark.values)
      dark.on(true)
      XCTAssertTrue(settings.gtkApplicationPreferDarkTheme)
      XCTAssertTrue(Settings.default?.gtkApplicationPreferDarkTheme ?? false, "one object")
      settings.gtkApplicationPreferDarkTheme = false
      XCTAssertEqual(values.values, [false, false], "set through the sink: no echo")
      values.subscription?.dispose()
    }
  }
}
