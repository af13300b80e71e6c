// Fullscreen: the image alone on black; the toolbar and the strip slide in from the edges.
import GtkReactive
import ImageBrowserCore
import Reactive

/// What changes when the window goes fullscreen (`viewModel.isFullscreen`): the header
/// bar, the properties sidebar and the information panel hide, the viewer's background
/// turns black, the thumbnail strip moves from under the viewer into a revealer over
/// its bottom edge, and a `FullscreenToolbar` waits in a revealer over its top edge.
/// Both slide in when the pointer nears their edge and go when it has left for a while;
/// the pointer hides over the image when it rests (`viewModel.fullscreenControls`, whose
/// timing is Core's). Menus and popovers opened meanwhile pause the slideshow.
final class FullscreenMode {
  /// The toolbar shown at the top edge.
  let toolbar: FullscreenToolbar
  /// Slides the toolbar in over the top of the viewer.
  let topRevealer = Revealer()
  /// Slides the thumbnail strip in over the bottom of the viewer.
  let bottomRevealer = Revealer()
  /// How close to an edge (in pixels) the pointer brings its part in.
  static let edge = 48.0

  private unowned let browser: BrowserWindow
  /// The box the strip lives in outside fullscreen.
  private let content: Box
  private let overlay: Overlay
  private lazy var hiddenCursor: Cursor? = Display.default.flatMap {
    Cursor.named("none", on: $0)
  }
  private let bag = DisposeBag()

  /// Fullscreen for `browser`, whose viewer sits in `overlay` and whose strip sits at
  /// the bottom of `content` outside fullscreen.
  init(browser: BrowserWindow, overlay: Overlay, content: Box) {
    self.browser = browser
    self.overlay = overlay
    self.content = content
    toolbar = FullscreenToolbar(viewModel: browser.viewModel)
    topRevealer.transitionType = .slideDown
    topRevealer.valign = .start
    topRevealer.add(toolbar.widget)
    bottomRevealer.transitionType = .slideUp
    bottomRevealer.valign = .end
    for revealer in [topRevealer, bottomRevealer] {
      revealer.noShowAll = true
      overlay.addOverlay(revealer)
    }
    bind()
  }

  private func bind() {
    let viewModel = browser.viewModel
    let controls = viewModel.fullscreenControls
    viewModel.isFullscreen.signal.distinctUntilChanged()
      .subscribe(next: { [weak self] fullscreen in self?.apply(fullscreen: fullscreen) })
      .disposed(by: bag)
    controls.showsToolbar.signal.bind(to: topRevealer.rx.revealChild).disposed(by: bag)
    controls.showsStrip.signal.bind(to: bottomRevealer.rx.revealChild).disposed(by: bag)
    controls.showsPointer.signal
      .subscribe(next: { [weak self] shows in self?.showPointer(shows) })
      .disposed(by: bag)
    overlay.rx.pointerMotion
      .subscribe(next: { [weak self] point in
        guard let self, viewModel.isFullscreen.value else { return }
        controls.pointerMoved(to: zone(atY: point.y))
      })
      .disposed(by: bag)
    // The pointer leaving the toolbar for the image in one jump (a flick, a warp) comes
    // as the image's enter event with no motion after it: the edge it lands at counts
    // as if it had moved there, or the strip would wait for the next motion.
    let canvas = browser.viewer.canvas
    canvas.rx.enterNotifyEvent
      .subscribe(next: { [weak self, weak canvas] event in
        guard let self, let canvas, viewModel.isFullscreen.value else { return }
        let (_, _, top) = canvas.translateCoordinates(overlay, srcX: 0, srcY: 0)
        controls.pointerMoved(to: zone(atY: event.arguments.y + Double(top)))
      })
      .disposed(by: bag)
    for button in [
      toolbar.optionsButton, browser.header.menuButton, browser.header.sortButton,
    ] as [ToggleButton] {
      holdWhileActive(button)
    }
  }

  /// Where `y` (in the overlay) is: within `edge` of the top or bottom, or of the part
  /// shown there.
  func zone(atY y: Double) -> FullscreenZone {
    let height = Double(overlay.allocatedHeight)
    if y < max(Self.edge, Double(topRevealer.allocatedHeight)) { return .top }
    if y > height - max(Self.edge, Double(bottomRevealer.allocatedHeight)) { return .bottom }
    return .image
  }

  /// Pauses the slideshow and keeps the controls while `button`'s menu is open.
  private func holdWhileActive(_ button: ToggleButton) {
    let hold = SerialDisposable()
    bag.insert(hold)
    button.rx.isActive.values.distinctUntilChanged()
      .subscribe(next: { [weak self] active in
        hold.inner = active ? self?.browser.viewModel.menuOpened() : nil
      })
      .disposed(by: bag)
  }

  private func apply(fullscreen: Bool) {
    let stripArea = browser.stripArea
    browser.header.widget.isVisible = !fullscreen
    browser.properties.widget.isVisible = !fullscreen
    browser.viewer.backdrop = fullscreen ? .black : .dark
    if fullscreen {
      browser.window.styleContext?.addClass("fullscreen")
      if stripArea.parent?.pointer == content.pointer {
        content.remove(stripArea)
        bottomRevealer.add(stripArea)
      }
    } else {
      browser.window.styleContext?.removeClass("fullscreen")
      if stripArea.parent?.pointer == bottomRevealer.pointer {
        bottomRevealer.remove(stripArea)
        content.packStart(stripArea, expand: false, fill: true, padding: 0)
      }
    }
    topRevealer.isVisible = fullscreen
    bottomRevealer.isVisible = fullscreen
  }

  private func showPointer(_ shows: Bool) {
    browser.window.window?.cursor = shows ? nil : hiddenCursor
  }
}
