// Pango's layout lines and iterators, and font metrics (GtkReactivePango): a layout's
// text walked line by line and character by character from Swift.
import GtkReactivePango
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class PangoLayoutIterTests: GtkTestCase {
  func testALayoutsLinesCoverItsTextInOrder() throws {
    try gtk {
      let layout = try XCTUnwrap(Label("").createPangoLayout("first line\nsecond\nthird"))
      XCTAssertEqual(layout.lineCount, 3)
      let lines = layout.lines
      XCTAssertEqual(lines.map(\.startIndex), [0, 11, 18], "byte offsets of each line")
      XCTAssertEqual(lines.map(\.length), [10, 6, 5])
      XCTAssertTrue(lines.allSatisfy(\.isParagraphStart))
      let second = try XCTUnwrap(layout.line(1))
      XCTAssertEqual(second.startIndex, 11)
      XCTAssertNil(layout.line(3), "past the last line")
      // A line's logical width is the width of its text: the first is the widest.
      let widths = lines.map { $0.pixelExtents.logicalRect.width }
      XCTAssertEqual(widths.max(), widths[0])
      XCTAssertEqual(second.indexToX(11, trailing: false), 0, "a line starts at its left edge")
    }
  }

  func testAnIteratorWalksCharactersAndLines() throws {
    try gtk {
      let layout = try XCTUnwrap(Label("").createPangoLayout("ab\ncd"))
      let iter = layout.iter()
      XCTAssertEqual(iter.index, 0)
      XCTAssertEqual(iter.layout, layout)
      var indices = [iter.index]
      while iter.nextChar() { indices.append(iter.index) }
      XCTAssertEqual(
        indices, [0, 1, 2, 3, 4], "each character and the first line's end")

      let lines = layout.iter()
      var starts = [lines.line?.startIndex]
      var yRanges = [lines.lineYrange]
      while lines.nextLine() {
        starts.append(lines.line?.startIndex)
        yRanges.append(lines.lineYrange)
      }
      XCTAssertEqual(starts, [0, 3])
      XCTAssertTrue(lines.atLastLine())
      XCTAssertEqual(yRanges[1].y0, yRanges[0].y1, "the second line starts where the first ends")
      XCTAssertGreaterThan(lines.baseline, yRanges[1].y0)

      // A copy walks on its own.
      let first = layout.iter()
      let copy = try XCTUnwrap(first.copy())
      XCTAssertTrue(copy.nextChar())
      XCTAssertEqual([first.index, copy.index], [0, 1])
      XCTAssertGreaterThan(first.charExtents.width, 0)
    }
  }

  func testFontMetricsFollowTheFontsSize() throws {
    try gtk {
      let context = try XCTUnwrap(Label("").pangoContext)
      let small = context.metrics(FontDescription("Sans 10"), language: nil)
      let large = context.metrics(FontDescription("Sans 20"), language: Pango.Language("en"))
      XCTAssertGreaterThan(small.ascent, 0)
      XCTAssertGreaterThan(small.height, 0)
      XCTAssertGreaterThan(large.ascent, small.ascent)
      XCTAssertGreaterThan(large.approximateCharWidth, small.approximateCharWidth)
      let font = try XCTUnwrap(context.loadFont(FontDescription("Sans 20")))
      XCTAssertEqual(font.metrics(nil).ascent, large.ascent)
    }
  }

  func testAContextsMatrixRoundTrips() throws {
    try gtk {
      let context = try XCTUnwrap(Label("").createPangoContext())
      XCTAssertNil(context.matrix, "none set: the identity")
      context.baseGravity = .auto  // the gravity follows the matrix
      // A quarter turn: x goes to y.
      let turn = Pango.Matrix(xx: 0, xy: -1, yx: 1, yy: 0, x0: 0, y0: 0)
      context.matrix = turn
      XCTAssertEqual(context.matrix, turn)
      XCTAssertEqual(context.gravity, .east, "Pango turns its gravity with the text")
      context.matrix = nil
      XCTAssertNil(context.matrix)
      XCTAssertEqual(context.gravity, .south)
    }
  }

  func testAFontsetGivesAFontForEachCharacterAndListsItsFonts() throws {
    try gtk {
      let context = try XCTUnwrap(Label("").pangoContext)
      let fontset = try XCTUnwrap(
        context.loadFontset(FontDescription("Sans 12"), language: Pango.Language("en")))
      let letter = try XCTUnwrap(fontset.font(Int(("A" as Unicode.Scalar).value)))
      XCTAssertTrue(letter.hasChar(Int(("A" as Unicode.Scalar).value)))
      // The font's coverage says the same, and a private-use character is not covered.
      let coverage = try XCTUnwrap(letter.coverage(Pango.Language("en")))
      XCTAssertEqual(coverage.get(Int(("A" as Unicode.Scalar).value)), .exact)
      XCTAssertEqual(coverage.get(0x10FFFD), Pango.CoverageLevel.none)
      XCTAssertEqual(coverage.copy()?.get(Int(("A" as Unicode.Scalar).value)), .exact)
      // A coverage made in Swift records what it is told.
      let own = Pango.Coverage()
      XCTAssertEqual(own.get(0x10FFFD), Pango.CoverageLevel.none)
      own.set(0x10FFFD, level: .exact)
      XCTAssertEqual(own.get(0x10FFFD), .exact)
      own.set(0x10FFFD, level: .none)
      XCTAssertEqual(own.get(0x10FFFD), Pango.CoverageLevel.none, "Pango keeps covered or not")
      XCTAssertGreaterThan(fontset.metrics.height, 0)
      var fonts = 0
      fontset.foreach { set, font in
        XCTAssertFalse(font.describe().string.isEmpty)
        fonts += 1
        return fonts == 2  // true stops the walk
      }
      XCTAssertTrue((1...2).contains(fonts), "stopped when the closure said so")
    }
  }
}
