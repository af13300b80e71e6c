// The crop rectangle's geometry and the resize dialog's arithmetic: shapes, handles,
// the image's edges, pixels and percent.
import Testing

@testable import ImageBrowserCore

extension ImageBrowserCoreTests {
  @Suite("Crop rectangle and resize arithmetic")
  struct CropSelectionTests {
    @Test("a shape preset follows the image: 16:9 on a landscape picture, 9:16 on an upright one")
    func presetsFollowTheImage() {
      var wide = CropSelection(imageSize: PixelSize(width: 1600, height: 1200))
      wide.setAspect(.sixteenNine)
      #expect(wide.rect == PixelRect(x: 0, y: 150, width: 1600, height: 900))
      var tall = CropSelection(imageSize: PixelSize(width: 1200, height: 1600))
      tall.setAspect(.sixteenNine)
      #expect(tall.rect == PixelRect(x: 150, y: 0, width: 900, height: 1600))
      tall.setAspect(.square)
      #expect(tall.rect == PixelRect(x: 150, y: 350, width: 900, height: 900))
      var original = CropSelection(imageSize: PixelSize(width: 600, height: 400))
      original.setRect(PixelRect(x: 0, y: 0, width: 300, height: 300))
      original.setAspect(.original)
      #expect(original.rect == PixelRect(x: 0, y: 50, width: 300, height: 200))
      #expect(CropAspect.threeTwo.ratio(for: PixelSize(width: 30, height: 20)) == 1.5)
      #expect(CropAspect.free.ratio(for: PixelSize(width: 30, height: 20)) == nil)
    }

    @Test("a corner dragged keeps the opposite corner and the shape, and stops at the image's edge")
    func cornerKeepsShape() {
      var crop = CropSelection(imageSize: PixelSize(width: 1000, height: 800))
      crop.setAspect(.fourThree)
      let start = crop.rect
      #expect(start == PixelRect(x: 0, y: 25, width: 1000, height: 750))
      crop.drag(.bottomRight, of: start, dx: -400, dy: 0)
      #expect(crop.rect == PixelRect(x: 0, y: 25, width: 600, height: 450))
      // Dragged far beyond the image: as large as fits from the fixed corner.
      crop.drag(.topLeft, of: crop.rect, dx: -5000, dy: -5000)
      #expect(crop.rect.x + crop.rect.width == 600)
      #expect(crop.rect.y + crop.rect.height == 475)
      #expect(crop.rect.y >= 0 && crop.rect.x >= 0)
      #expect(abs(Double(crop.rect.width) / Double(crop.rect.height) - 4.0 / 3) < 0.01)
    }

    @Test("free edges never cross, the inside moves whole within the image")
    func freeEdgesAndMoving() {
      var crop = CropSelection(imageSize: PixelSize(width: 100, height: 80))
      crop.drag(.left, of: crop.rect, dx: 500, dy: 0)
      #expect(crop.rect == PixelRect(x: 99, y: 0, width: 1, height: 80), "one pixel is left")
      crop.setRect(PixelRect(x: 10, y: 10, width: 40, height: 30))
      crop.drag(.inside, of: crop.rect, dx: 1000, dy: -1000)
      #expect(crop.rect == PixelRect(x: 60, y: 0, width: 40, height: 30))
      #expect(!crop.keepsEverything)
    }

    @Test("resize fields: the aspect kept in pixels and percent, percent converted both ways")
    func resizeArithmetic() {
      let input = ResizeInput(original: PixelSize(width: 4000, height: 3000))
      #expect(input.height(forWidth: 1000, unit: .pixels) == 750)
      #expect(input.width(forHeight: 600, unit: .pixels) == 800)
      #expect(input.height(forWidth: 25, unit: .percent) == 25)
      #expect(ResizeInput.convert(1000, to: .percent, of: 4000) == 25)
      #expect(ResizeInput.convert(25, to: .pixels, of: 3000) == 750)
      #expect(
        input.size(width: 50, height: 50, unit: .percent)
          == .success(PixelSize(width: 2000, height: 1500)))
      #expect(
        input.size(width: 0.01, height: 50, unit: .percent)
          == .failure(ResizeError(message: "The new size must be at least one pixel.")))
    }
  }
}
