// Zoomed in, only the current image is decoded at full resolution: never its neighbours.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Memory while zoomed")
  @MainActor
  struct ZoomedMemoryTests {
    @Test("zoomed in, only the current image is decoded at full size; paging on never is")
    func neighboursAtViewerSize() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          numbered(6), selected: 2, scheduler: scheduler, decoder: decoder)
        viewModel.viewport.value = PixelSize(width: 800, height: 600)
        scheduler.advance(by: 0)
        viewModel.zoomToActualSize()
        scheduler.advance(by: 0)
        #expect(viewModel.currentImage.value.image == FakeImage(name: "p2.jpg", size: nil))
        // Paging away from the zoomed image: the next one at the viewer's size straight
        // away, and the zoomed one, now a neighbour, decoded again at that size.
        viewModel.next.execute()
        scheduler.advance(by: 0)
        viewModel.next.execute()
        scheduler.advance(by: 0)
        #expect(decoder.requestedImages.filter { $0.hasSuffix("@full") } == ["p2.jpg@full"])
        #expect(decoder.requestedImages.contains("p5.jpg@800"))
        #expect(viewModel.currentImage.value.image == FakeImage(name: "p4.jpg", size: 800))
        #expect(viewModel.decoded.count <= 3)
      }
    }

    @Test("a neighbour kept at full size is dropped for one at the viewer's size")
    func zoomedNeighbourDropped() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let decoder = FakeDecoder()
        let viewModel = makeViewModel(
          numbered(4), selected: 1, scheduler: scheduler, decoder: decoder)
        viewModel.viewport.value = PixelSize(width: 800, height: 600)
        scheduler.advance(by: 0)
        viewModel.zoomToActualSize()
        scheduler.advance(by: 0)
        viewModel.previous.execute()
        scheduler.advance(by: 0)
        #expect(decoder.requestedImages.suffix(1) == ["p1.jpg@800"])
      }
    }
  }
}
