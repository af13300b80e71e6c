// The browse grid's rubber band under Xvfb with the X server's own pointer: a drag picks what
// it touches, Ctrl adds, Escape puts the picks back, the bottom edge scrolls the grid.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

final class RubberBandGUITests: GUITestCase {
  func testADragPicksWhatItTouchesCtrlAddsEscapeCancelsAndTheEdgeScrolls() throws {
    let folder = self.folder!
    try gtk {
      guard let pointer = RealPointer() else { throw XCTSkip("no XTEST on this display") }
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(80)
      let browser = h.makeBrowser(expecting: 80)
      let model = browser.viewModel
      model.isBrowsing.value = true
      h.settle(.seconds(1))
      let grid = browser.grid
      let canvas = grid.canvas
      let columns = grid.layout.columns
      XCTAssertGreaterThan(columns, 3)
      @MainActor func picked() -> [String] { model.state.value.pickedItems.map(\.displayName) }
      func names(_ cells: [Int]) -> [String] { cells.map { "photo-\($0 + 1).png" } }
      @MainActor func rowTop(_ row: Int) -> Double {
        grid.layout.inset + Double(row) * grid.layout.cellHeight - grid.adjustment.value
      }

      // From the empty margin left of the first row, over three columns and two rows.
      let corner = grid.centre(ofCell: columns + 2)
      pointer.drag(from: (2, 4), to: (corner.x, corner.y), over: canvas, release: false)
      XCTAssertNotNil(model.rubberBand.band.value, "the band shows while the button is down")
      XCTAssertEqual(picked(), names([0, 1, 2, columns, columns + 1, columns + 2]))
      h.saveScreenshot(of: browser, named: "rubber-band")
      pointer.button(1, down: false)
      XCTAssertNil(model.rubberBand.band.value)
      XCTAssertEqual(picked(), names([0, 1, 2, columns, columns + 1, columns + 2]))
      XCTAssertEqual(model.index.value, 0, "the current image was among them")
      XCTAssertEqual(browser.strip.selectedIndex, 0)
      h.settle(.milliseconds(500))

      // Ctrl: a band over the third row's first two cells adds them.
      let third = grid.centre(ofCell: 2 * columns + 1)
      pointer.control(down: true)
      pointer.drag(from: (2, rowTop(2) + 30), to: (third.x, third.y), over: canvas)
      pointer.control(down: false)
      let before = names([0, 1, 2, columns, columns + 1, columns + 2, 2 * columns, 2 * columns + 1])
      XCTAssertEqual(picked(), before)
      h.settle(.milliseconds(500))

      // Escape while dragging: the band goes and the picks are as before the press.
      let again = grid.centre(ofCell: 2 * columns + 2)
      pointer.drag(from: (2, rowTop(2) + 30), to: (again.x, again.y), over: canvas, release: false)
      XCTAssertEqual(picked(), names([2 * columns, 2 * columns + 1, 2 * columns + 2]))
      h.press("Escape", in: browser)
      XCTAssertNil(model.rubberBand.band.value)
      XCTAssertEqual(picked(), before)
      pointer.button(1, down: false)
      XCTAssertEqual(picked(), before, "the release after Escape picks nothing")
      XCTAssertTrue(model.isBrowsing.value, "Escape took the band only, not the grid")
      h.settle(.milliseconds(500))

      // Held below the grid's bottom edge: it scrolls by itself to the last row, the band
      // growing with it down the first column.
      XCTAssertEqual(grid.adjustment.value, 0)
      let below = Double(canvas.allocatedHeight) + 20
      pointer.drag(
        from: (2, 4), to: (grid.centre(ofCell: 0).x, below), over: canvas, release: false)
      let maximum = grid.layout.maximumOffset
      XCTAssertGreaterThan(maximum, 0)
      XCTAssertTrue(
        MainLoop.iterate(until: { grid.adjustment.value >= maximum }, timeout: .seconds(20)),
        "the grid scrolled to its end (at \(grid.adjustment.value) of \(maximum))")
      h.saveScreenshot(of: browser, named: "rubber-band-scrolled")
      pointer.button(1, down: false)
      let firstColumn = Array(stride(from: 0, to: 80, by: columns))
      XCTAssertEqual(picked(), names(firstColumn))
      XCTAssertEqual(grid.adjustment.value, maximum, "the grid stays where the band took it")
    }
  }
}
