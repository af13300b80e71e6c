// Zooming about a point, panning within limits, the zoom field's parsing: view-model state,
// headless.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Zoom and pan")
  @MainActor
  struct ZoomPanTests {
    /// A 2000 × 1000 image in an 800 × 600 viewer: fit is 0.4.
    static let geometry = ViewerGeometry(
      imageWidth: 2000, imageHeight: 1000, viewWidth: 800, viewHeight: 600)

    @Test("fit, fill width and pan limits")
    func geometryBasics() {
      let geometry = Self.geometry
      #expect(geometry.fitScale == 0.4)
      #expect(geometry.fillWidthScale == 0.4)
      #expect(geometry.panLimits(at: 1) == (600, 200))
      #expect(geometry.panLimits(at: 0.4) == (0, 0), "fitted: no room to move")
      #expect(!geometry.overflows(at: 0.4))
      #expect(geometry.overflows(at: 1))
      #expect(geometry.clamped(Pan(x: 900, y: -900), at: 1) == Pan(x: 600, y: -200))
      let tall = ViewerGeometry(imageWidth: 400, imageHeight: 3000, viewWidth: 800, viewHeight: 600)
      #expect(tall.fillWidthScale == 2)
      #expect(tall.scale(of: .fillWidth) == 2)
    }

    @Test("zooming about a point keeps the image point under it in place")
    func zoomAboutAPoint() {
      let geometry = Self.geometry
      // At 1:1, the pointer at view (600, 300) is over image x = 1000 + (600-400) - pan.
      let pointer = (x: 600.0, y: 300.0)
      let before = Pan(x: 100, y: 0)
      let imageX = (pointer.x - geometry.viewWidth / 2 - before.x) / 1
      let after = geometry.pan(before, zoomingFrom: 1, to: 2, about: pointer)
      let imageXAfter = (pointer.x - geometry.viewWidth / 2 - after.x) / 2
      #expect(abs(imageX - imageXAfter) < 1e-9, "the same image point stays under the pointer")
      // Zooming out to fit centres it again: nothing sticks out.
      #expect(geometry.pan(after, zoomingFrom: 2, to: 0.4, about: pointer) == .zero)
    }

    @Test("the view model zooms about the pointer, pans within limits, and resets per image")
    func viewModelZoomAndPan() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        viewModel.geometry.value = Self.geometry
        #expect(!viewModel.isZoomedBeyondView)
        viewModel.pan(by: 50, 50)
        #expect(viewModel.state.value.pan == .zero, "a fitted image does not move")
        viewModel.zoomToActualSize(about: (100, 300))
        #expect(viewModel.zoom.value == .scale(1))
        #expect(viewModel.isZoomedBeyondView)
        // The left part was clicked: the image moved right to keep it under the pointer.
        #expect(viewModel.state.value.pan.x > 0)
        viewModel.pan(by: 10_000, -10_000)
        #expect(viewModel.state.value.pan == Pan(x: 600, y: -200), "clamped to the edges")
        viewModel.zoom(to: .fillWidth)
        #expect(viewModel.state.value.pan == .zero)
        viewModel.zoom(to: .scale(3))
        viewModel.pan(by: -300, 0)
        viewModel.next.execute()
        #expect(viewModel.zoom.value == .fit)
        #expect(viewModel.state.value.pan == .zero, "a new image starts centred")
      }
    }

    @Test("the zoom field reads what people type and shows percentages")
    func parsing() {
      #expect(Zoom.parse("150") == .scale(1.5))
      #expect(Zoom.parse(" 150 % ") == .scale(1.5))
      #expect(Zoom.parse("2x") == .scale(2))
      #expect(Zoom.parse("12,5%") == .scale(0.125))
      #expect(Zoom.parse("100000") == .scale(Zoom.maximumScale))
      #expect(Zoom.parse("abc") == nil)
      #expect(Zoom.parse("-5") == nil)
      #expect(Zoom.parse("") == nil)
      #expect(Zoom.fit.label(fitScale: 0.4) == "40 %")
    }
  }
}
