// The pointer over the viewer: the wheel pages or zooms, a drag pans and flings or swipes.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

extension ImageViewer {
  var isZoomedBeyondView: Bool { viewModel.isZoomedBeyondView }

  func bindPointer() {
    // The viewer takes every scroll: nothing around it scrolls.
    canvas.rx.scrollEvent
      .subscribe(next: { [weak self] event in
        event.stop()
        self?.scrolled(event.arguments)
      })
      .disposed(by: bag)
    canvas.rx.buttonPress
      .subscribe(next: { [weak self] event in self?.pressed(event) })
      .disposed(by: bag)
    // Subscribing selects the motion and release events the canvas needs.
    canvas.rx.motion
      .subscribe(next: { [weak self] event in self?.dragged(to: (event.x, event.y)) })
      .disposed(by: bag)
    canvas.rx.buttonRelease
      .subscribe(next: { [weak self] event in self?.released(at: (event.x, event.y)) })
      .disposed(by: bag)
  }

  private func scrolled(_ event: ScrollEvent) {
    // Sideways scrolling runs with the images: mirrored right to left.
    let deltaX = isRightToLeft ? -event.deltaX : event.deltaX
    let delta = event.direction == .smooth ? event.deltaY : event.deltaY + deltaX
    guard delta != 0 || event.deltaX != 0 else { return }
    if event.modifiers.contains(.control) {
      // About the pointer, as every image viewer does.
      let multiplier = pow(1.15, -delta)
      viewModel.zoom(by: multiplier, fitScale: fitScale, about: (event.x, event.y))
    } else if viewModel.cropping.isCropping {
      // Paging would leave crop mode and lose the rectangle.
      return
    } else if !isZoomedBeyondView {
      if delta != 0 { page(by: delta > 0 ? 1 : -1) }
    } else if event.direction == .smooth {
      viewModel.pan(by: -event.deltaX * 40, -event.deltaY * 40)
    } else {
      viewModel.pan(by: 0, -delta * 60)
    }
  }

  /// Whether the window is laid out right to left (Hebrew, Arabic): the next image is
  /// then to the left.
  var isRightToLeft: Bool { canvas.direction == .rtl }

  private func pressed(_ event: ButtonEvent) {
    canvas.grabFocus()
    // In crop mode the pointer shapes the crop (`CropOverlay`): no pan, swipe or zoom.
    guard event.button == 1, !viewModel.cropping.isCropping else { return }
    fling.inner = nil
    if event.clickCount == 2 {
      // Fit, or 1:1 about the point clicked.
      if viewModel.zoom.value == .fit {
        viewModel.zoomToActualSize(about: (event.x, event.y))
      } else {
        viewModel.zoomToFit()
      }
      drag = nil
      return
    }
    drag = Drag(at: (event.x, event.y), time: .now)
  }

  private func dragged(to point: (x: Double, y: Double)) {
    guard var moving = drag else { return }
    if !isZoomedBeyondView {
      // A drag of a fitted image out of the viewer takes the file along (into a file
      // manager, a mail); a swipe inside it pages on release.
      let (width, height) = allocation
      if point.x < 0 || point.y < 0 || point.x > width || point.y > height {
        drag = nil
        canvas.beginURIDrag(button: 1, x: moving.start.x, y: moving.start.y)
      }
      return
    }
    let moved = moving.move(to: point, at: .now)
    drag = moving
    viewModel.pan(by: moved.dx, moved.dy)
  }

  private func released(at point: (x: Double, y: Double)) {
    guard let released = drag else { return }
    drag = nil
    if isZoomedBeyondView {
      // Kinetic panning: a drag released while moving glides on and slows down.
      if let glide = released.fling(releasedAt: .now) { start(glide) }
      return
    }
    // A horizontal swipe over an image that fits pages, as on a touch screen.
    let delta = released.swipe(releasedAt: point, rightToLeft: isRightToLeft)
    if delta != 0 { page(by: delta) }
  }

  /// Glides the image on, a frame at a time, until it slows down or meets its limits.
  private func start(_ glide: Fling) {
    var glide = glide
    fling.inner = MainLoopScheduler.main.schedule(
      after: .milliseconds(16), interval: .milliseconds(16)
    ) {
      [weak self] in
      guard let self else { return }
      let step = glide.step()
      let before = viewModel.state.value.pan
      viewModel.pan(by: step.dx, step.dy)
      if glide.isDone || viewModel.state.value.pan == before { fling.inner = nil }
    }
  }
}
