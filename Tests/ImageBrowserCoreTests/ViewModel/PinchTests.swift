// A pinch in the view model: scales from where it began, about the fingers' centre; ended it
// stays, cancelled it is undone; headless.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Pinch")
  @MainActor
  struct PinchTests {
    /// A 2000 × 1000 image in an 800 × 600 viewer: fit is 0.4.
    static let geometry = ViewerGeometry(
      imageWidth: 2000, imageHeight: 1000, viewWidth: 800, viewHeight: 600)

    /// The image point (in image pixels) under view point `point`.
    static func imagePoint(
      under point: (x: Double, y: Double), zoom: Zoom, pan: Pan
    ) -> (x: Double, y: Double) {
      let scale = geometry.scale(of: zoom)
      return (
        (point.x - geometry.viewWidth / 2 - pan.x) / scale + geometry.imageWidth / 2,
        (point.y - geometry.viewHeight / 2 - pan.y) / scale + geometry.imageHeight / 2
      )
    }

    @Test("a pinch scales from where it began, keeps the point under the fingers, and stays")
    func pinchAndEnd() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        viewModel.geometry.value = Self.geometry
        let centre = (x: 600.0, y: 200.0)
        let under = Self.imagePoint(under: centre, zoom: .fit, pan: .zero)
        viewModel.beginPinch(at: centre)
        #expect(viewModel.zoom.value == .fit, "beginning changes nothing shown")
        for scale in [1.2, 1.5, 2, 2.5] {
          viewModel.pinch(to: scale, at: centre)
        }
        // 2.5 × fit's 0.4: 1:1, whatever the updates between.
        #expect(viewModel.zoom.value == .scale(1))
        let state = viewModel.state.value
        let now = Self.imagePoint(under: centre, zoom: state.zoom, pan: state.pan)
        #expect(abs(now.x - under.x) < 1e-9 && abs(now.y - under.y) < 1e-9)
        viewModel.endPinch()
        #expect(viewModel.zoom.value == .scale(1), "lifted: the zoom stays")
        #expect(viewModel.state.value.pan == state.pan)
        #expect(viewModel.state.value.pinch == nil)
        // The next pinch starts from there.
        viewModel.beginPinch(at: centre)
        viewModel.pinch(to: 2, at: centre)
        #expect(viewModel.zoom.value == .scale(2))
        viewModel.endPinch()
      }
    }

    @Test("fingers that move drag the point they began over along")
    func movingCentre() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(1), scheduler: scheduler)
        viewModel.geometry.value = Self.geometry
        viewModel.zoom(to: .scale(1))
        let start = (x: 400.0, y: 300.0)
        let under = Self.imagePoint(under: start, zoom: .scale(1), pan: .zero)
        viewModel.beginPinch(at: start)
        let end = (x: 300.0, y: 250.0)
        viewModel.pinch(to: 1.5, at: end)
        let state = viewModel.state.value
        let now = Self.imagePoint(under: end, zoom: state.zoom, pan: state.pan)
        #expect(state.zoom == .scale(1.5))
        #expect(abs(now.x - under.x) < 1e-9 && abs(now.y - under.y) < 1e-9)
      }
    }

    @Test("a cancelled pinch is undone: zoom and pan as before it")
    func cancel() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        viewModel.geometry.value = Self.geometry
        viewModel.zoomToActualSize(about: (100, 300))
        let before = viewModel.state.value
        viewModel.beginPinch(at: (500, 400))
        viewModel.pinch(to: 3, at: (500, 400))
        #expect(viewModel.zoom.value == .scale(3))
        viewModel.cancelPinch()
        #expect(viewModel.zoom.value == before.zoom)
        #expect(viewModel.state.value.pan == before.pan)
        #expect(viewModel.state.value.pinch == nil)
        // GTK ends a cancelled gesture too: nothing more happens.
        viewModel.endPinch()
        #expect(viewModel.state.value == before)
      }
    }

    @Test("a pinch is clamped, needs an image, and is dropped by paging")
    func limits() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let empty = makeViewModel(nil, scheduler: scheduler)
        empty.beginPinch(at: (10, 10))
        empty.pinch(to: 2, at: (10, 10))
        #expect(empty.state.value.pinch == nil && empty.zoom.value == .fit, "no image")

        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        viewModel.geometry.value = Self.geometry
        viewModel.beginPinch(at: nil)
        viewModel.pinch(to: 1000, at: nil)
        #expect(viewModel.zoom.value == .scale(Zoom.maximumScale))
        viewModel.pinch(to: 0.001, at: nil)
        #expect(viewModel.zoom.value == .scale(Zoom.minimumScale))
        viewModel.next.execute()
        #expect(viewModel.state.value.pinch == nil, "a new image: the pinch is over")
        #expect(viewModel.zoom.value == .fit)
        viewModel.cancelPinch()
        #expect(viewModel.zoom.value == .fit, "nothing to undo on the new image")
      }
    }
  }
}
