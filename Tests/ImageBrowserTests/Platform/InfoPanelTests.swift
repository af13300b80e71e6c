// The information panel tells the image's real size, not the size decoded for the screen.
import CGtk
import Foundation
import Testing

@testable import ImageBrowser

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
      let text = BrowserWindow.describe(item, .loaded(item, image))
      #expect(text.contains("4000 × 3000 pixels"))
      #expect(text.contains("<b>IMG_1.jpg</b>"))
      #expect(text.contains("MB"))
      let failed = BrowserWindow.describe(item, .failed(item, message: "bad"))
      #expect(failed.contains("Cannot be decoded"))
    }
  }
}
