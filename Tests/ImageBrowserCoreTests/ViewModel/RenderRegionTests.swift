// The visible region of a zoomed image: what an SVG re-render covers, never more than the view.
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Render region")
  @MainActor
  struct RenderRegionTests {
    @Test("zoomed past the view, only the visible part is rendered")
    func visiblePartOnly() {
      // 100 × 80 at 800 % is 800 × 640, centred in 400 × 300.
      let region = RenderRegion.visible(
        imageSize: PixelSize(width: 100, height: 80), scale: 8, origin: (-200, -170),
        viewSize: (400, 300), deviceScale: 1)
      #expect(region == RenderRegion(scale: 8, x: 200, y: 170, width: 400, height: 300))
    }

    @Test("a HiDPI display renders device pixels")
    func deviceScale() {
      let region = RenderRegion.visible(
        imageSize: PixelSize(width: 100, height: 80), scale: 8, origin: (-200, -170),
        viewSize: (400, 300), deviceScale: 2)
      #expect(region == RenderRegion(scale: 16, x: 400, y: 340, width: 800, height: 600))
    }

    @Test("an image smaller than the view is rendered whole")
    func whole() {
      let region = RenderRegion.visible(
        imageSize: PixelSize(width: 40, height: 30), scale: 2, origin: (160, 120),
        viewSize: (400, 300), deviceScale: 1)
      #expect(region == RenderRegion(scale: 2, x: 0, y: 0, width: 80, height: 60))
    }

    @Test("an image out of view, or empty, needs no render")
    func nothing() {
      #expect(
        RenderRegion.visible(
          imageSize: PixelSize(width: 40, height: 30), scale: 2, origin: (500, 0),
          viewSize: (400, 300), deviceScale: 1) == nil)
      #expect(
        RenderRegion.visible(
          imageSize: PixelSize(width: 0, height: 30), scale: 2, origin: (0, 0),
          viewSize: (400, 300), deviceScale: 1) == nil)
    }
  }
}
