// The information panel tells the image's real size, not the size decoded for the screen,
// and reads file facts off the main thread.
import CImaging
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserTests {
  @Suite("Information panel")
  @MainActor
  struct InfoPanelTests {
    @Test("a photo decoded small for the viewer shows its full pixel size")
    func fullSize() {
      let item = ImageItem(
        url: FilePathBytes.url(forPath: "/photos/IMG_1.jpg"), byteCount: 2_400_000,
        modificationDate: Date(timeIntervalSince1970: 1_700_000_000))
      let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 400, 300)!
      let image = DecodedImage(
        takingOwnership: pixbuf, fullSize: PixelSize(width: 4000, height: 3000))
      let info = ImageInfo(item: item, pixelSize: image.fullSize, failed: false)
      #expect(info.name == "IMG_1.jpg")
      #expect(info.lines.first == "4000 × 3000 pixels")
      #expect(info.lines.contains { $0.contains("MB") })
      let text = BrowserWindow.markup(info)
      #expect(text.hasPrefix("<b>IMG_1.jpg</b>\n4000 × 3000 pixels"))
      let failed = ImageInfo(item: item, pixelSize: nil, failed: true)
      #expect(failed.lines.first == "Cannot be decoded")
    }

    @Test("a name with markup characters is escaped, not interpreted")
    func escaped() {
      let item = ImageItem(url: FilePathBytes.url(forPath: "/photos/<b>&.png"))
      let text = BrowserWindow.markup(ImageInfo(item: item, pixelSize: nil, failed: false))
      #expect(text == "<b>&lt;b&gt;&amp;.png</b>")
    }
  }
}
