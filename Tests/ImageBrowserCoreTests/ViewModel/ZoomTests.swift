// Zoom: fit, 1:1, stepping in and out with clamped factors, reset on a new image.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Zoom")
  @MainActor
  struct ZoomTests {
    @Test("steps in and out from the fitted scale, 1:1 and back to fit")
    func steps() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        #expect(viewModel.zoom.value == .fit)
        viewModel.zoomIn(fitScale: 0.4)
        #expect(viewModel.zoom.value == .scale(0.5))
        viewModel.zoomIn(fitScale: 0.4)
        #expect(viewModel.zoom.value == .scale(0.67))
        viewModel.zoomOut(fitScale: 0.4)
        #expect(viewModel.zoom.value == .scale(0.5))
        viewModel.zoomToActualSize()
        #expect(viewModel.zoom.value.isActualSize)
        viewModel.zoom(by: 1.25)
        #expect(viewModel.zoom.value == .scale(1.25))
        viewModel.zoomToFit()
        #expect(viewModel.zoom.value == .fit)
      }
    }

    @Test("factors are clamped at both ends")
    func clamped() {
      var zoom = Zoom.fit
      for _ in 0..<40 { zoom = zoom.zoomedIn(fitScale: 1) }
      #expect(zoom == .scale(Zoom.maximumScale))
      for _ in 0..<40 { zoom = zoom.zoomedOut(fitScale: 1) }
      #expect(zoom == .scale(Zoom.minimumScale))
      #expect(Zoom.scale(10).zoomed(by: 100, fitScale: 1) == .scale(Zoom.maximumScale))
      #expect(Zoom.fit.zoomed(by: 0.001, fitScale: 0.5) == .scale(Zoom.minimumScale))
    }

    @Test("a new image starts fitted; no image, no zoom")
    func resetOnNewImage() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        viewModel.zoomToActualSize()
        viewModel.next.execute()
        #expect(viewModel.zoom.value == .fit)
        let empty = makeViewModel([], scheduler: scheduler)
        empty.zoomIn()
        #expect(empty.zoom.value == .fit)
      }
    }
  }
}
