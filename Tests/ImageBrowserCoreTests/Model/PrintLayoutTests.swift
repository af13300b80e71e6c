// Where a printed image lands: scale, centring, offsets kept on the page, lengths in units.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Print layout")
  struct PrintLayoutTests {
    /// A4's printable area with 36 pt margins.
    let width = 523.0
    let height = 770.0

    @Test("by default the image is as large as fits, centred, turned when that is larger")
    func defaults() {
      let place = PrintLayout().placement(
        of: PixelSize(width: 3000, height: 2000), width: width, height: height)
      // Turned, the photo's 3000 px run down the page's 770 pt: the height fills.
      #expect(place.rotated)
      #expect(abs(place.height - 770) < 1e-9)
      #expect(abs(place.width - 2000 * 770.0 / 3000) < 1e-9)
      #expect(abs(place.x - (523 - place.width) / 2) < 1e-9)
      #expect(abs(place.y) < 1e-9)
    }

    @Test("a smaller scale shrinks it about the centre; not centred, it sits at its offsets")
    func scaleAndPosition() {
      var layout = PrintLayout()
      layout.scale = 0.5
      let image = PixelSize(width: 2000, height: 3000)
      let half = layout.placement(of: image, width: width, height: height)
      #expect(abs(half.width - 2000 * 770.0 / 3000 / 2) < 1e-9)
      #expect(abs(half.x + half.width / 2 - 261.5) < 1e-9, "still centred")
      layout.centring = .vertical
      layout.left = 20
      var place = layout.placement(of: image, width: width, height: height)
      #expect(place.x == 20)
      #expect(abs(place.y + place.height / 2 - 385) < 1e-9)
      layout.centring = .none
      layout.left = 10_000
      layout.top = -50
      place = layout.placement(of: image, width: width, height: height)
      #expect(abs(place.x - (523 - place.width)) < 1e-9, "kept on the page")
      #expect(place.y == 0)
    }

    @Test("the scale stays between 1 % and 100 %; a width in units sets it")
    func sizes() {
      var layout = PrintLayout()
      layout.scale = 7
      #expect(layout.scale == 1)
      layout.scale = 0
      #expect(layout.scale == PrintLayout.minimumScale)
      layout.scale = .nan
      #expect(layout.scale == 1)
      let image = PixelSize(width: 2000, height: 3000)
      layout.unit = .inches
      layout.setWidth(2, of: image, width: width, height: height)
      let place = layout.placement(of: image, width: width, height: height)
      #expect(abs(place.width - 144) < 1e-9, "two inches wide")
      layout.unit = .millimetres
      layout.setHeight(100, of: image, width: width, height: height)
      #expect(
        abs(layout.placement(of: image, width: width, height: height).height - 100 * 72 / 25.4)
          < 1e-9)
      layout.setWidth(1_000_000, of: image, width: width, height: height)
      #expect(layout.scale == 1, "never larger than the page")
    }
  }
}
