// The strip's geometry: visible cells, hit testing and centring, at any folder size.
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Strip layout")
  struct StripLayoutTests {
    static let strip = StripLayout(count: 10_000, pitch: 100, inset: 10, viewportWidth: 1_000)

    @Test("the cells in view, partly visible ones included")
    func visibleRows() {
      #expect(Self.strip.visibleRows(at: 0) == 0...9)
      #expect(Self.strip.visibleRows(at: 50) == 0...10)
      #expect(Self.strip.visibleRows(at: Self.strip.maximumOffset) == 9_990...9_999)
      #expect(
        StripLayout(count: 3, pitch: 100, inset: 10, viewportWidth: 1_000).visibleRows(at: 0)
          == 0...2)
      #expect(StripLayout(count: 0, viewportWidth: 1_000).visibleRows(at: 0) == nil)
      #expect(StripLayout(count: 5, viewportWidth: 0).visibleRows(at: 0) == nil)
    }

    @Test("a point maps to the cell under it; insets and the end map to none")
    func hitTesting() {
      #expect(Self.strip.row(at: 5) == nil)
      #expect(Self.strip.row(at: 10) == 0)
      #expect(Self.strip.row(at: 109.9) == 0)
      #expect(Self.strip.row(at: 110) == 1)
      #expect(Self.strip.row(at: 10 + 100 * 9_999 + 50) == 9_999)
      #expect(Self.strip.row(at: 10 + 100 * 10_000 + 1) == nil)
    }

    @Test("revealing keeps a cell in view where it is, and scrolls a cell out of view just in")
    func revealing() {
      let strip = StripLayout(count: 20, pitch: 100, inset: 10, viewportWidth: 1_000)
      #expect(strip.revealingOffset(for: 3, from: 0) == 0, "in view: no scroll")
      #expect(strip.revealingOffset(for: 9, from: 0) == 20, "right edge in, with the inset")
      #expect(strip.revealingOffset(for: 2, from: 500) == 200, "left edge in, with the inset")
      #expect(strip.revealingOffset(for: 19, from: 0) == strip.maximumOffset)
      #expect(strip.revealingOffset(for: 0, from: 300) == 0, "clamped at the start")
    }

    @Test("centring puts a cell mid-view, clamped at both ends")
    func centring() {
      // Typed once: literal arithmetic inside `#expect` took the type checker 1.3 s.
      let middle: Double = 10 + 100 * 5_000 + 50 - 500
      let end: Double = 20 + 100 * 10_000 - 1_000
      #expect(Self.strip.centringOffset(for: 5_000) == middle)
      #expect(Self.strip.centringOffset(for: 0) == 0)
      #expect(Self.strip.centringOffset(for: 9_999) == Self.strip.maximumOffset)
      #expect(Self.strip.maximumOffset == end)
      let short = StripLayout(count: 3, pitch: 100, inset: 10, viewportWidth: 1_000)
      #expect(short.centringOffset(for: 2) == 0)
      #expect(short.maximumOffset == 0)
    }

    @Test("left to right, the first cell is at the left edge and the strip runs rightwards")
    func leftToRight() {
      let strip = StripLayout(count: 10, pitch: 100, inset: 10, viewportWidth: 300)
      #expect(strip.viewX(of: 0, at: 0) == 10)
      #expect(strip.viewX(of: 1, at: 0) == 110)
      #expect(strip.row(atViewX: 50, offset: 0) == 0)
      #expect(strip.row(atViewX: 250, offset: 0) == 2)
      #expect(strip.scrollDistance(dx: 1, dy: 0) == 1)
    }

    @Test("right to left, the first cell is at the right edge and the strip runs leftwards")
    func rightToLeft() {
      let strip = StripLayout(
        count: 10, pitch: 100, inset: 10, viewportWidth: 300, isRightToLeft: true)
      // Cell 0 ends 10 points before the right edge; cell 1 is to its left.
      #expect(strip.viewX(of: 0, at: 0) == 190)
      #expect(strip.viewX(of: 1, at: 0) == 90)
      #expect(strip.row(atViewX: 250, offset: 0) == 0)
      #expect(strip.row(atViewX: 150, offset: 0) == 1)
      #expect(strip.row(atViewX: 295, offset: 0) == nil)
      // Scrolled forward by a cell, cell 1 takes cell 0's place.
      #expect(strip.viewX(of: 1, at: 100) == 190)
      #expect(strip.row(atViewX: 250, offset: 100) == 1)
      // The same rows are in view and the same offset centres a cell either way.
      let mirrored = StripLayout(count: 10, pitch: 100, inset: 10, viewportWidth: 300)
      #expect(strip.visibleRows(at: 250) == mirrored.visibleRows(at: 250))
      #expect(strip.centringOffset(for: 5) == mirrored.centringOffset(for: 5))
      // A swipe to the right moves back towards the first cell, which is at the right.
      #expect(strip.scrollDistance(dx: 1, dy: 0) == -1)
      #expect(strip.scrollDistance(dx: 0, dy: 1) == 1)
    }
  }
}
