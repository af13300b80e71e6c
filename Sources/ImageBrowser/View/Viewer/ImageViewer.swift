// The large viewer: the current image drawn with cairo, zoomed, panned and slid between images.
import CGtk  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// The view model the app's views bind to: gdk-pixbuf images and thumbnails.
typealias AppViewModel = BrowserViewModel<DecodedImage, DecodedImage>

/// The large viewer: a `GtkDrawingArea` painting the current image with cairo, scaled to
/// fit or zoomed, pannable by dragging when zoomed, with a message in its place when
/// there is no image or it cannot be decoded. A fitted image dragged out of the viewer
/// is offered as its file (`BrowserWindow.bindDragAndDrop`).
///
/// It follows the view model through a `ViewerBinding`: paging (keys, wheel, a swipe)
/// sets the shared index, and every change of the current image is shown with a short
/// slide whose direction the binding decides.
final class ImageViewer {
  /// The widget to put in a window: the drawing area, or the message in its place.
  let widget = Stack()
  /// Where the image is painted.
  let canvas = DrawingArea()
  /// The message shown instead of an image (its first line).
  let message = Label("")
  /// The message's details (a decoder's own words).
  let detail = Label("")
  private let messageIcon = Image(iconName: "image-missing-symbolic", size: .button)

  private let viewModel: AppViewModel
  private var binding: ViewerBinding?
  private let bag = DisposeBag()

  /// The image painted, as a cairo surface made once per image.
  private var surface: OpaquePointer?
  /// The image's size at full resolution: what zoom factors refer to.
  private var imageSize = (width: 0, height: 0)
  /// Surface pixels per image pixel: below 1 when decoded to fit the viewer.
  private var pixelRatio = 1.0
  /// The image the surface shows.
  private var shownItem: ImageItem?
  /// Whether the surface is the strip's thumbnail standing in for the image while it
  /// decodes (`imageSize` is then the thumbnail fitted to the viewer, not the image's).
  private var isStandIn = false
  /// The previous image while a slide runs, and where the slide is.
  private var outgoing: (surface: OpaquePointer, width: Int, height: Int, pixelRatio: Double)?
  /// When the current image last changed: paging faster than a slide shows no slides.
  private var lastPageChange: ContinuousClock.Instant?
  private var slideDirection = 0.0
  private var slideProgress = 1.0
  private let slideTimer = SerialDisposable()
  /// The current image's animation, played while the viewer can be seen.
  private(set) lazy var animation = AnimationPlayback(in: canvas) { [weak self] in
    self?.canvas.queueDraw()
  }
  /// Sharp renders of the current SVG at the zoom shown.
  private(set) lazy var vector = VectorRefinement { [weak self] in self?.canvas.queueDraw() }
  /// What is painted around the image: dark grey, black in fullscreen.
  var backdrop = ViewerBackdrop.dark {
    didSet { canvas.queueDraw() }
  }
  /// Where a drag started and where it last was, with recent motion for the fling.
  private var dragStart: (x: Double, y: Double)?
  private var dragLast: (x: Double, y: Double, time: ContinuousClock.Instant)?
  /// The drag's speed when released, in view pixels per second.
  private var dragVelocity = (x: 0.0, y: 0.0)
  /// The fling after a drag: the image glides on, slowing down.
  private let fling = SerialDisposable()
  /// Pinching on a touchpad or a touch screen.
  private var pinch: GestureZoom?

  /// How long a slide between images takes.
  static let slideDuration = 0.22

  /// A viewer bound to `viewModel`.
  init(viewModel: AppViewModel) {
    self.viewModel = viewModel
    widget.addNamed(canvas, name: "image")
    let page = Box(orientation: .vertical, spacing: 12)
    page.valign = .center
    messageIcon.pixelSize = 96
    messageIcon.styleContext?.addClass("viewer-message-icon")
    for child in [messageIcon, message, detail] {
      page.packStart(child, expand: false, fill: true, padding: 0)
    }
    for label in [message, detail] {
      label.lineWrap = true
      label.justify = .center
      label.maxWidthChars = 70
      // Wrapped anywhere if need be (a long file name), a message lets the window be narrow.
      label.lineWrapMode = .wordChar
      label.widthChars = 12
      label.isSelectable = true
    }
    detail.styleContext?.addClass("viewer-message-detail")
    widget.addNamed(page, name: "message")
    widget.styleContext?.addClass("viewer")
    canvas.canFocus = true
    canvas.accessibleName = tr("Image viewer")
    message.accessibleName = tr("Viewer message")
    widget.setSizeRequest(200, height: 150)
    // Only the page shown counts towards the viewer's size: a long message must not keep
    // the window wide while an image shows.
    widget.isHorizontallyHomogeneous = false
    bindDrawing()
    bindPointer()
    bindPinch()
    // Paging only: the viewer decides its slide when the image arrives
    // (`transitionToNewImage`), since a neighbour decoded ahead arrives before a binding
    // observing the index would hear of it.
    binding = ViewerBinding(viewModel: viewModel)
    viewModel.currentImage.signal
      .subscribe(next: { [weak self] state in self?.show(state) })
      .disposed(by: bag)
    // A thumbnail that arrives while the current image still decodes stands in at once.
    viewModel.standIn.signal
      .subscribe(next: { [weak self] _ in self?.showStandIn() })
      .disposed(by: bag)
    viewModel.placeholder.signal
      .subscribe(next: { [weak self] _ in self?.updateMessage() })
      .disposed(by: bag)
    viewModel.state.signal.map(\.pan).distinctUntilChanged()
      .combineLatest(with: viewModel.zoom.signal)
      .subscribe(next: { [weak self] _ in self?.canvas.queueDraw() })
      .disposed(by: bag)
    viewModel.viewerBackground.changes
      .subscribe(next: { [weak self] _ in self?.canvas.queueDraw() })
      .disposed(by: bag)
  }

  isolated deinit {
    slideTimer.dispose()
    fling.dispose()
    if let surface { cairo_surface_destroy(surface) }
    if let outgoing { cairo_surface_destroy(outgoing.surface) }
  }

  // MARK: Paging and zoom

  /// Pages by `delta` images (the wheel, a swipe); returns whether the index changed.
  @discardableResult
  func page(by delta: Int) -> Bool { binding?.page(by: delta) ?? false }

  /// The scale `.fit` draws the current image at in the viewer's size now.
  var fitScale: Double {
    let (width, height) = allocation
    guard imageSize.width > 0, imageSize.height > 0, width > 0, height > 0 else { return 1 }
    return min(1, width / Double(imageSize.width), height / Double(imageSize.height))
  }

  /// The scale the current image is drawn at.
  var scale: Double {
    viewModel.zoom.value.factor(
      fitScale: fitScale, fillWidthScale: viewModel.geometry.value?.fillWidthScale)
  }

  // MARK: Showing

  private func show(_ state: ImageState<DecodedImage>) {
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
  private func showStandIn() {
    guard let standIn = viewModel.standIn.value,
      case .loading(standIn.item) = viewModel.currentImage.value, shownItem != standIn.item
    else { return }
    replaceSurface(with: standIn.thumbnail, isStandIn: true)
  }

  private func replaceSurface(with image: DecodedImage?, isStandIn: Bool = false) {
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
  private func install(
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
  private func reportGeometry() {
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
  private func transitionToNewImage() -> Transition {
    let now = ContinuousClock.now
    let isQuick = lastPageChange.map { now - $0 < .milliseconds(Int(Self.slideDuration * 1500)) }
    lastPageChange = now
    if isQuick == true { return .none }
    return ViewerBinding.transition(from: shownItem, in: viewModel.state.value)
  }

  private func startSlide(direction: Double) {
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

  private func finishSlide() {
    slideProgress = 1
    slideTimer.inner = nil
    if let outgoing { cairo_surface_destroy(outgoing.surface) }
    outgoing = nil
  }

  /// Shows the message the view model has now, if any. The window calls it once shown:
  /// the view model may have one before (it starts opening a folder first), and a stack
  /// switches only to a child already visible.
  func updateMessage() {
    let state = viewModel.state.value
    let name = state.current?.shownName ?? ""
    let content: (icon: String, title: String, detail: String)?
    if let placeholder = state.placeholder {
      switch state.phase {
      case .failed: content = ("dialog-error-symbolic", placeholder, "")
      case .open: content = ("image-x-generic-symbolic", placeholder, "")
      case .idle, .opening: content = ("folder-pictures-symbolic", placeholder, "")
      }
    } else if let failure = viewModel.currentImage.value.failureMessage {
      content = (
        "image-missing-symbolic", tr("“%s” cannot be shown", name), Self.shorten(failure)
      )
    } else {
      content = nil
    }
    guard let content else {
      widget.visibleChildName = "image"
      return
    }
    messageIcon.setFromIconName(content.icon, size: .dialog)
    message.setMarkup("<span size='x-large' weight='bold'>\(content.title.markupEscaped)</span>")
    detail.text = content.detail
    detail.isVisible = !content.detail.isEmpty
    widget.visibleChildName = "message"
  }

  /// A decoder's message without the file's full path, which the title already names.
  static func shorten(_ message: String) -> String {
    guard let colon = message.range(of: "”: ") else { return message }
    return String(message[colon.upperBound...])
  }

  // MARK: Drawing

  private var allocation: (Double, Double) {
    (Double(canvas.allocatedWidth), Double(canvas.allocatedHeight))
  }

  private func bindDrawing() {
    // The view model decodes the current image to fit the viewer: tell it the size.
    canvas.rx.sizeAllocate
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        reportViewport()
        reportGeometry()
      })
      .disposed(by: bag)
    canvas.rx.draw
      .subscribe(next: { [weak self] cairo in self?.draw(cairo) })
      .disposed(by: bag)
  }

  private func reportViewport() {
    let scale = canvas.scaleFactor
    let (width, height) = allocation
    guard width > 1, height > 1 else { return }
    let size = PixelSize(width: Int(width) * scale, height: Int(height) * scale)
    if viewModel.viewport.value != size { viewModel.viewport.value = size }
  }

  private func draw(_ cr: OpaquePointer) {
    let (width, height) = allocation
    backdrop.paint(cr)
    guard let surface else { return }
    let eased = 1 - pow(1 - slideProgress, 3)
    let shift = (1 - eased) * width * slideDirection
    if let outgoing, slideProgress < 1 {
      let oldFit = min(
        1, width / Double(max(outgoing.width, 1)), height / Double(max(outgoing.height, 1)))
      paint(
        outgoing.surface, size: (outgoing.width, outgoing.height), scale: oldFit,
        pixelRatio: outgoing.pixelRatio, offset: (shift - width * slideDirection, 0), in: cr)
    }
    let pan = clampedPan
    let offset = (x: pan.x + shift, y: pan.y)
    // An animation's current frame in place of its first; frames are full size.
    let frame = animation.frame
    let shown = frame?.surface ?? surface
    let ratio = frame.map { Double($0.size.width) / Double(max(1, imageSize.width)) } ?? pixelRatio
    let sharp = sharpRender(at: origin(of: imageSize, scale: scale, offset: offset))
    paint(
      shown, size: imageSize, scale: scale, pixelRatio: ratio, offset: offset,
      excluding: sharp, in: cr)
  }

  /// The top-left corner of an image of `size` drawn at `scale`, centred and moved by
  /// `offset`, in whole view pixels.
  private func origin(
    of size: (width: Int, height: Int), scale: Double, offset: (x: Double, y: Double)
  ) -> (x: Double, y: Double) {
    let (width, height) = allocation
    let x = ((width - Double(size.width) * scale) / 2 + offset.x).rounded()
    let y = ((height - Double(size.height) * scale) / 2 + offset.y).rounded()
    return (x, y)
  }

  /// For an SVG magnified beyond its raster: asks for a sharp render of the visible
  /// region, and returns the render at this zoom to paint, in view coordinates, if one
  /// is ready.
  private func sharpRender(at origin: (x: Double, y: Double)) -> PlacedRender? {
    let deviceScale = max(1, canvas.scaleFactor)
    let magnified = scale * Double(deviceScale) > pixelRatio * 1.01
    guard slideProgress >= 1, magnified else {
      vector.want(nil)
      return nil
    }
    let full = PixelSize(width: imageSize.width, height: imageSize.height)
    let region = RenderRegion.visible(
      imageSize: full, scale: scale, origin: origin, viewSize: allocation,
      deviceScale: deviceScale)
    vector.want(region)
    guard let render = vector.render, render.region.scale == scale * Double(deviceScale) else {
      return nil
    }
    return PlacedRender(
      render.surface, region: render.region, imageOrigin: origin, deviceScale: deviceScale)
  }

  private func paint(
    _ surface: OpaquePointer, size: (width: Int, height: Int), scale: Double,
    pixelRatio: Double, offset: (x: Double, y: Double),
    excluding sharp: PlacedRender? = nil,
    in cr: OpaquePointer
  ) {
    let drawnWidth = Double(size.width) * scale
    let drawnHeight = Double(size.height) * scale
    let (x, y) = origin(of: size, scale: scale, offset: offset)
    if cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 {
      // Transparent parts show the background the user chose, under the image only.
      CheckerboardPainter.paint(
        viewModel.viewerBackground.value, x: x, y: y, width: drawnWidth, height: drawnHeight,
        in: cr)
    }
    cairo_save(cr)
    cairo_rectangle(cr, x, y, drawnWidth, drawnHeight)
    if let sharp {
      // The raster only where the sharp render does not cover (a pan not yet rendered).
      cairo_rectangle(cr, sharp.x, sharp.y, sharp.width, sharp.height)
      cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    }
    cairo_clip(cr)
    cairo_translate(cr, x, y)
    // `scale` is in image pixels; the surface may hold fewer (decoded to fit).
    let surfaceScale = scale / pixelRatio
    cairo_scale(cr, surfaceScale, surfaceScale)
    cairo_set_source_surface(cr, surface, 0, 0)
    // Smooth when shrinking, crisp pixels when magnifying far (as image viewers do); a
    // thumbnail standing in is blown up smooth, a blur rather than blocks.
    let filter =
      isStandIn
      ? CAIRO_FILTER_BILINEAR
      : surfaceScale >= 2 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD
    cairo_pattern_set_filter(cairo_get_source(cr), filter)
    cairo_paint(cr)
    cairo_restore(cr)
    if let sharp {
      cairo_save(cr)
      cairo_translate(cr, sharp.x, sharp.y)
      cairo_scale(cr, 1 / sharp.deviceScale, 1 / sharp.deviceScale)  // One pixel per device pixel.
      cairo_set_source_surface(cr, sharp.surface.surface, 0, 0)
      cairo_paint(cr)
      cairo_restore(cr)
    }
  }

  /// The view model's pan, kept within the image's limits at the size shown now (the
  /// window may have grown since it was set): a larger image covers the viewer, a
  /// smaller one stays centred.
  private var clampedPan: Pan {
    let pan = viewModel.state.value.pan
    guard let geometry = viewModel.geometry.value else { return .zero }
    return geometry.clamped(pan, at: scale)
  }

  // MARK: Pointer: wheel, drag to pan or swipe to page

  private var isZoomedBeyondView: Bool { viewModel.isZoomedBeyondView }

  private func bindPointer() {
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
    } else if !isZoomedBeyondView
      || event.direction == .smooth && event.deltaX != 0
        && !isZoomedBeyondView
    {
      if delta != 0 { page(by: delta > 0 ? 1 : -1) }
    } else if event.direction == .smooth {
      viewModel.pan(by: -event.deltaX * 40, -event.deltaY * 40)
    } else {
      viewModel.pan(by: 0, -delta * 60)
    }
  }

  /// Whether the window is laid out right to left (Hebrew, Arabic): the next image is
  /// then to the left.
  private var isRightToLeft: Bool { canvas.direction == .rtl }

  private func pressed(_ event: ButtonEvent) {
    canvas.grabFocus()
    guard event.button == 1 else { return }
    fling.inner = nil
    if event.clickCount == 2 {
      // Fit, or 1:1 about the point clicked.
      if viewModel.zoom.value == .fit {
        viewModel.zoomToActualSize(about: (event.x, event.y))
      } else {
        viewModel.zoomToFit()
      }
      dragStart = nil
      return
    }
    dragStart = (event.x, event.y)
    dragLast = (event.x, event.y, .now)
    dragVelocity = (0, 0)
  }

  private func dragged(to point: (x: Double, y: Double)) {
    guard let start = dragStart, let last = dragLast else { return }
    if !isZoomedBeyondView {
      // A drag of a fitted image out of the viewer takes the file along (into a file
      // manager, a mail); a swipe inside it pages on release.
      let (width, height) = allocation
      if point.x < 0 || point.y < 0 || point.x > width || point.y > height {
        dragStart = nil
        canvas.beginURIDrag(button: 1, x: start.x, y: start.y)
      }
      return
    }
    let now = ContinuousClock.Instant.now
    let seconds = max(0.001, Double((now - last.time).components.attoseconds) / 1e18)
    let dx = point.x - last.x
    let dy = point.y - last.y
    // A smoothed speed, so the last jittery sample does not decide the fling.
    dragVelocity = (
      0.6 * dx / seconds + 0.4 * dragVelocity.x, 0.6 * dy / seconds + 0.4 * dragVelocity.y
    )
    dragLast = (point.x, point.y, now)
    viewModel.pan(by: dx, dy)
  }

  private func released(at point: (x: Double, y: Double)) {
    guard let start = dragStart else { return }
    dragStart = nil
    if isZoomedBeyondView {
      // Kinetic panning: a drag released while moving glides on and slows down.
      let recent = dragLast.map { ContinuousClock.now - $0.time < .milliseconds(80) } ?? false
      if recent, hypot(dragVelocity.x, dragVelocity.y) > 150 { startFling(dragVelocity) }
      return
    }
    // A horizontal swipe over an image that fits pages, as on a touch screen.
    let dx = point.x - start.x
    if abs(dx) > 80, abs(dx) > abs(point.y - start.y) * 2 {
      // Pulling the image towards where the images came from brings the next one.
      page(by: (dx < 0) != isRightToLeft ? 1 : -1)
    }
  }

  /// Glides the image at `velocity` (pixels per second), slowing by friction each frame.
  private func startFling(_ velocity: (x: Double, y: Double)) {
    var speed = velocity
    let frame = 1.0 / 60
    fling.inner = MainLoopScheduler.main.schedule(
      after: .milliseconds(16), interval: .milliseconds(16)
    ) {
      [weak self] in
      guard let self else { return }
      speed = (speed.x * 0.92, speed.y * 0.92)
      let before = viewModel.state.value.pan
      viewModel.pan(by: speed.x * frame, speed.y * frame)
      if hypot(speed.x, speed.y) < 20 || viewModel.state.value.pan == before { fling.inner = nil }
    }
  }

  /// Pinch to zoom on a touchpad or touch screen, about the fingers' centre. The view
  /// model holds the pinch (where it began) with the zoom: the gesture's `begin`,
  /// `scale-changed`, `cancel` and `end` only report to it.
  private func bindPinch() {
    let gesture = GestureZoom(widget: canvas)
    pinch = gesture
    gesture.rx.begin
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        // Two fingers: not a drag (a touch screen's first finger pressed as a pointer)
        // nor a fling.
        dragStart = nil
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
  private var pinchCentre: (x: Double, y: Double)? {
    guard let centre = pinch?.boundingBoxCenter(), centre.result else { return nil }
    return (centre.x, centre.y)
  }
}
