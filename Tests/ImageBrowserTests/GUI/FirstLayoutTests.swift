// The viewer's size at the window's first layout, foretold while the window is built, so
// the first image decodes beside the window's construction.
import Foundation
import GtkReactive
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

final class FirstLayoutTests: GUITestCase {
  func testTheViewerSizeIsForetoldExactly() throws {
    try expectForetoldViewport(settings: ImageBrowserCore.Settings())
  }

  func testTheForetoldSizeIsTheFirstLayoutsWhateverThePreferences() throws {
    // The strip hides and the sidebar shows only after the first layout: the foretold
    // size is still that layout's.
    try expectForetoldViewport(
      settings: ImageBrowserCore.Settings(showsProperties: true, showsStrip: false))
  }

  private func expectForetoldViewport(settings: ImageBrowserCore.Settings) throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      var expected: PixelSize?
      var laidOut: PixelSize?
      _ = h.makeBrowser(expecting: 3, settings: InMemorySettings(settings)) { browser in
        expected = browser.expectedViewport
        laidOut = browser.viewModel.viewport.value
      }
      XCTAssertNotNil(laidOut, "the window's construction laid the viewer out")
      XCTAssertEqual(expected, laidOut, "the foretold size is the first layout's")
    }
  }
}
