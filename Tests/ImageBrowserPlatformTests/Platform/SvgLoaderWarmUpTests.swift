// gdk-pixbuf's SVG loader, loaded ahead of GTK's first SVG-only symbolic icon.
import Testing

@testable import ImageBrowserPlatform

extension ImageBrowserPlatformTests {
  @Suite("SVG loader warm-up")
  struct SvgLoaderWarmUpTests {
    @Test("the warm-up renders its document through gdk-pixbuf's SVG module")
    func rendersItsDocument() {
      #expect(SvgLoaderWarmUp.load())
    }

    @Test("a warm-up on its own thread beside a load on this one: both find the module")
    func beside() {
      SvgLoaderWarmUp.start()
      #expect(SvgLoaderWarmUp.load())
    }
  }
}
