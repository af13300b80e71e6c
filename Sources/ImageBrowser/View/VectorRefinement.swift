// Renders the current SVG again, sharp, at the zoom shown: the visible region only.
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

/// Keeps a sharp render of the visible part of the current SVG at the zoom and device
/// scale shown, for the viewer to paint over the blocky raster when zoomed in.
///
/// Renders run on a worker queue of their own, so paging and decoding never wait for
/// them. The newest request wins: asking for another region (a zoom step, a pan, a
/// resize) cancels a render not yet started and stops one running in a decoder helper
/// (one running in this process runs to its end, its result dropped), and showing
/// another image forgets the render.
final class VectorRefinement {
  /// The render to paint and the region it covers, once one arrived.
  private(set) var render: (region: RenderRegion, surface: CairoSurface)?

  private let onRender: () -> Void
  private var document: SvgDocument?
  private var requested: RenderRegion?
  private let request = SerialDisposable()
  private let main: Scheduler
  private let rendering: Scheduler

  /// Refinement calling `onRender` when a new render is ready to paint; renders run on
  /// `rendering` (a queue of their own by default) and arrive on `main`.
  init(
    main: Scheduler = MainLoopScheduler.main,
    rendering: Scheduler = QueueScheduler(qos: .userInitiated, name: "image-browser.vector"),
    onRender: @escaping () -> Void
  ) {
    self.main = main
    self.rendering = rendering
    self.onRender = onRender
  }

  isolated deinit { request.dispose() }

  /// Follows `document` (the current image's, or `nil` when it is not an SVG).
  func show(_ document: SvgDocument?) {
    guard document !== self.document else { return }
    self.document = document
    request.inner = nil
    requested = nil
    render = nil
  }

  /// Asks for `region` to be rendered, unless it is the one rendered or asked for
  /// already; `nil` cancels what is asked for (the raster is sharp enough).
  func want(_ region: RenderRegion?) {
    guard region != requested else { return }
    requested = region
    guard let region, let document else {
      request.inner = nil
      return
    }
    request.inner = Signal<CairoSurface?, Never> { observer, lifetime in
      observer.send(document.render(region, isCancelled: { lifetime.hasEnded }))
      observer.sendCompleted()
      return Disposables.empty
    }
    .start(on: rendering)
    .observe(on: main)
    .subscribe(next: { [weak self] surface in
      guard let self, let surface else { return }
      render = (region, surface)
      onRender()
    })
  }
}

/// A sharp render placed in the viewer: where its region lies, in view pixels.
struct PlacedRender {
  /// The rendered pixels (device pixels).
  let surface: CairoSurface
  /// The left edge in view pixels.
  let x: Double
  /// The top edge in view pixels.
  let y: Double
  /// The width in view pixels.
  let width: Double
  /// The height in view pixels.
  let height: Double
  /// Device pixels per view pixel.
  let deviceScale: Double

  /// `surface`, rendered for `region`, of an image whose top-left corner is at
  /// `imageOrigin` in the view, on a display of `deviceScale` device pixels per view
  /// pixel.
  init(
    _ surface: CairoSurface, region: RenderRegion, imageOrigin: (x: Double, y: Double),
    deviceScale: Int
  ) {
    let device = Double(max(1, deviceScale))
    self.surface = surface
    self.deviceScale = device
    x = imageOrigin.x + Double(region.x) / device
    y = imageOrigin.y + Double(region.y) / device
    width = Double(region.width) / device
    height = Double(region.height) / device
  }
}
