// The strip's geometry: visible cells, hit testing and centring, at any folder size.
import Testing

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform

extension ImageBrowserTests {
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

    @Test("centring puts a cell mid-view, clamped at both ends")
    func centring() {
      #expect(Self.strip.centringOffset(for: 5_000) == 10 + 100 * 5_000 + 50 - 500)
      #expect(Self.strip.centringOffset(for: 0) == 0)
      #expect(Self.strip.centringOffset(for: 9_999) == Self.strip.maximumOffset)
      #expect(Self.strip.maximumOffset == 20 + 100 * 10_000 - 1_000)
      let short = StripLayout(count: 3, pitch: 100, inset: 10, viewportWidth: 1_000)
      #expect(short.centringOffset(for: 2) == 0)
      #expect(short.maximumOffset == 0)
    }
  }
}
