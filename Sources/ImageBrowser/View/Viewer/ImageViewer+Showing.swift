// The viewer showing a new image: a stand-in, the same one sharper, or a slide from the last.
import CCairo  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

extension ImageViewer {
  func show(_ state: ImageState<DecodedImage>) {
    switch state {
    case .none, .failed:
      replaceSurface(with: nil)
    case .loading:
      // The strip's thumbnail, blurred, until the image is decoded; without one in
      // memory, the previous image stays (as eog keeps it).
      showStandIn()
      return
    case .loaded(_, let image):
      replaceSurface(with: image)
    }
    updateMessage()
  }

  /// Shows the view model's stand-in, when it is the current image's, that image is
  /// still decoding, and nothing of it shows yet (never in place of a sharp picture).
  func showStandIn() {
    guard let standIn = viewModel.standIn.value,
      case .loading(standIn.item) = viewModel.currentImage.value, shownItem != standIn.item
    else { return }
    replaceSurface(with: standIn.thumbnail, isStandIn: true)
  }

  func replaceSurface(with image: DecodedImage?, isStandIn: Bool = false) {
    let arriving = viewModel.currentImage.value.item
    if let image, arriving == shownItem {
      // The same image, sharper (decoded again for a zoom or a larger window, or after
      // its thumbnail stood in): no slide, the pan stays, an animation plays on.
      if let surface { cairo_surface_destroy(surface) }
      install(image, restartingAnimation: !animation.isActive, isStandIn: isStandIn)
      canvas.queueDraw()
      return
    }
    let transition = transitionToNewImage()
    shownItem = arriving
    slideTimer.inner = nil
    if let outgoing { cairo_surface_destroy(outgoing.surface) }
    outgoing = nil
    if let surface, transition != .none {
      outgoing = (surface, imageSize.width, imageSize.height, pixelRatio)
    } else if let surface {
      cairo_surface_destroy(surface)
    }
    surface = nil
    imageSize = (0, 0)
    pixelRatio = 1
    fling.inner = nil
    if let image {
      install(image, isStandIn: isStandIn)
    } else {
      self.isStandIn = false
      animation.play(nil)
      vector.show(nil)
    }
    if outgoing != nil, image != nil {
      // The next image comes from the side the images run to: the right, or the left
      // in a right-to-left language.
      startSlide(direction: (transition == .forward ? 1 : -1) * (isRightToLeft ? -1 : 1))
    } else {
      // No slide (or one cut short by this image): draw in place.
      if let old = outgoing { cairo_surface_destroy(old.surface) }
      outgoing = nil
      slideProgress = 1
    }
    canvas.queueDraw()
  }

  /// Takes `image` as the one painted: its surface (made on the decoding thread;
  /// painting a pixbuf directly would convert it on every frame) and its sizes.
  ///
  /// A stand-in (a thumbnail) is drawn as if its image were the size that fits the
  /// viewer, so that `.fit` fills the viewer as the sharp image will; the viewer then
  /// reports no geometry, since the image's own size is not known yet.
  func install(
    _ image: DecodedImage, restartingAnimation: Bool = true, isStandIn: Bool = false
  ) {
    self.isStandIn = isStandIn
    if restartingAnimation || image.animation == nil { animation.play(image.animation) }
    vector.show(image.vector)
    surface = image.newSurfaceReference()
    if isStandIn {
      let (width, height) = allocation
      let fit = min(
        width / Double(max(1, image.width)), height / Double(max(1, image.height)))
      let fitted = (
        width: max(1, Int((Double(image.width) * max(1, fit)).rounded())),
        height: max(1, Int((Double(image.height) * max(1, fit)).rounded()))
      )
      imageSize = fitted
      pixelRatio = Double(image.width) / Double(fitted.width)
    } else {
      imageSize = (image.fullSize.width, image.fullSize.height)
      pixelRatio = Double(image.width) / Double(max(1, image.fullSize.width))
    }
    reportGeometry()
  }

  /// Tells the view model the image's and the viewer's sizes, which zoom and pan need.
  func reportGeometry() {
    let (width, height) = allocation
    let geometry =
      imageSize.width > 0 && !isStandIn
      ? ViewerGeometry(
        imageWidth: Double(imageSize.width), imageHeight: Double(imageSize.height),
        viewWidth: width, viewHeight: height) : nil
    if viewModel.geometry.value != geometry { viewModel.geometry.value = geometry }
  }

  /// The slide from the image shown to the current one: none while paging quickly (a
  /// held key, a spun wheel), so every image shows at once and none is still sliding
  /// after the last key; else the direction of the paging.
  func transitionToNewImage() -> Transition {
    let now = ContinuousClock.now
    let isQuick = lastPageChange.map { now - $0 < .milliseconds(Int(Self.slideDuration * 1500)) }
    lastPageChange = now
    if isQuick == true { return .none }
    return ViewerBinding.transition(from: shownItem, in: viewModel.state.value)
  }

  func startSlide(direction: Double) {
    slideDirection = direction
    slideProgress = 0
    let start = Date()
    slideTimer.inner = MainLoopScheduler.main.schedule(
      after: .milliseconds(16), interval: .milliseconds(16)
    ) { [weak self] in
      guard let self else { return }
      slideProgress = min(1, Date().timeIntervalSince(start) / Self.slideDuration)
      if slideProgress >= 1 { finishSlide() }
      canvas.queueDraw()
    }
  }

  func finishSlide() {
    slideProgress = 1
    slideTimer.inner = nil
    if let outgoing { cairo_surface_destroy(outgoing.surface) }
    outgoing = nil
  }
}
