// Painting the viewer with cairo: the backdrop, the image (sliding, zoomed, panned), sharp SVG renders.
import CCairo  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

extension ImageViewer {
  var allocation: (Double, Double) {
    (Double(canvas.allocatedWidth), Double(canvas.allocatedHeight))
  }

  func bindDrawing() {
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

  func reportViewport() {
    let scale = canvas.scaleFactor
    let (width, height) = allocation
    guard width > 1, height > 1 else { return }
    let size = PixelSize(width: Int(width) * scale, height: Int(height) * scale)
    if viewModel.viewport.value != size { viewModel.viewport.value = size }
  }

  func draw(_ cr: OpaquePointer) {
    let (width, height) = allocation
    backdrop.paint(cr, background: viewModel.viewerBackground.value)
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
    // The image itself, not the thumbnail standing in while it decodes.
    if !isStandIn {
      FirstImageExit.imagePainted()
      onImagePainted?()
    }
  }

  /// The top-left corner of an image of `size` drawn at `scale`, centred and moved by
  /// `offset`, in whole view pixels.
  func origin(
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
  func sharpRender(at origin: (x: Double, y: Double)) -> PlacedRender? {
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

  func paint(
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
  var clampedPan: Pan {
    let pan = viewModel.state.value.pan
    guard let geometry = viewModel.geometry.value else { return .zero }
    return geometry.clamped(pan, at: scale)
  }
}
