// The large viewer: its widgets, its state, and the message shown in place of an image.
import CCairo  // cairo, for painting
import Foundation
import GtkReactive
import ImageBrowserCore
import ImageBrowserPlatform
import Reactive

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
  let messageIcon = Image(iconName: "image-missing-symbolic", size: .button)

  let viewModel: AppViewModel
  var binding: ViewerBinding?
  let bag = DisposeBag()

  /// The image painted, as a cairo surface made once per image.
  var surface: OpaquePointer?
  /// The image's size at full resolution: what zoom factors refer to.
  var imageSize = (width: 0, height: 0)
  /// Surface pixels per image pixel: below 1 when decoded to fit the viewer.
  var pixelRatio = 1.0
  /// The image the surface shows.
  var shownItem: ImageItem?
  /// Whether the surface is the strip's thumbnail standing in for the image while it
  /// decodes (`imageSize` is then the thumbnail fitted to the viewer, not the image's).
  var isStandIn = false
  /// Called after each paint of an image (not a stand-in): the window builds what its
  /// first frame did not show once the first image is on screen (`DeferredParts`).
  var onImagePainted: (() -> Void)?
  /// Called whenever the viewer shows a message in place of an image (nothing opened, an
  /// empty folder, a file that cannot be shown…).
  var onMessageShown: (() -> Void)?
  /// The previous image while a slide runs, and where the slide is.
  var outgoing: (surface: OpaquePointer, width: Int, height: Int, pixelRatio: Double)?
  /// When the current image last changed: paging faster than a slide shows no slides.
  var lastPageChange: ContinuousClock.Instant?
  var slideDirection = 0.0
  var slideProgress = 1.0
  let slideTimer = SerialDisposable()
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
  /// The drag under way (from a press of the first button), if any.
  var drag: Drag?
  /// The fling after a drag: the image glides on, slowing down.
  let fling = SerialDisposable()
  /// Pinching on a touchpad or a touch screen.
  var pinch: GestureZoom?

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
    onMessageShown?()
  }

  /// A decoder's message without the file's full path, which the title already names.
  static func shorten(_ message: String) -> String {
    guard let colon = message.range(of: "”: ") else { return message }
    return String(message[colon.upperBound...])
  }

}
