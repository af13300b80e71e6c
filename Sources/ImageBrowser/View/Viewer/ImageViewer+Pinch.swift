// Pinch to zoom on the viewer: GTK's zoom gesture reported to the view model.
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

extension ImageViewer {
  /// Pinch to zoom on a touchpad or touch screen, about the fingers' centre. The view
  /// model holds the pinch (where it began) with the zoom: the gesture's `begin`,
  /// `scale-changed`, `cancel` and `end` only report to it.
  func bindPinch() {
    let gesture = GestureZoom(widget: canvas)
    pinch = gesture
    gesture.rx.begin
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        // Two fingers: not a drag (a touch screen's first finger pressed as a pointer)
        // nor a fling.
        drag = nil
        fling.inner = nil
        viewModel.beginPinch(at: pinchCentre)
      })
      .disposed(by: bag)
    gesture.rx.scaleChanged
      .subscribe(next: { [weak self] scale in
        guard let self else { return }
        viewModel.pinch(to: scale, at: pinchCentre, fitScale: fitScale)
      })
      .disposed(by: bag)
    // A cancelled gesture also ends: `cancel` comes first and undoes the pinch.
    gesture.rx.cancel
      .subscribe(next: { [weak self] _ in self?.viewModel.cancelPinch() })
      .disposed(by: bag)
    gesture.rx.end
      .subscribe(next: { [weak self] _ in self?.viewModel.endPinch() })
      .disposed(by: bag)
  }

  /// The fingers' centre (the gesture's bounding box's), in the canvas's coordinates.
  var pinchCentre: (x: Double, y: Double)? {
    guard let centre = pinch?.boundingBoxCenter(), centre.result else { return nil }
    return (centre.x, centre.y)
  }
}
