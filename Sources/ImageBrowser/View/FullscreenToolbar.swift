// The toolbar that slides over the top of a fullscreen window: paging, slideshow, leave.
import GtkReactive
import ImageBrowserCore
import Reactive

/// What fullscreen offers at the top edge, in place of the hidden header bar: previous
/// and next, the slideshow's play/pause and its options (a popover with the interval in
/// seconds, loop and shuffle), the current image's name and position, and a button that
/// leaves fullscreen. Its buttons name the window's actions, like the header bar's.
final class FullscreenToolbar {
  /// The toolbar (a header bar that is not the window's title bar).
  let widget = HeaderBar()
  /// Shows the previous image.
  let previousButton = Button(iconName: "go-previous-symbolic", size: .button)
  /// Shows the next image.
  let nextButton = Button(iconName: "go-next-symbolic", size: .button)
  /// Starts and pauses the slideshow.
  let slideshowToggle = ToggleButton()
  /// Opens the slideshow's options.
  let optionsButton = MenuButton()
  /// The slideshow interval in seconds, in the options popover.
  let secondsButton = SpinButton(
    min: Double(Settings.slideshowSecondsRange.lowerBound),
    max: Double(Settings.slideshowSecondsRange.upperBound), step: 1)
  /// Starts the slideshow again after the last image (`win.slideshow-loop`).
  let loopCheck = CheckButton(mnemonic: tr("_Loop"))
  /// Shows the images in a random order (`win.slideshow-shuffle`).
  let shuffleCheck = CheckButton(mnemonic: tr("_Shuffle"))
  /// Leaves fullscreen.
  let leaveButton = Button(iconName: "view-restore-symbolic", size: .button)
  /// The current image's name and position.
  let titleLabel = Label("")

  private let bag = DisposeBag()

  /// A toolbar over `viewModel`, whose buttons activate the window's actions.
  init(viewModel: AppViewModel) {
    widget.styleContext?.addClass("fullscreen-toolbar")
    widget.showCloseButton = false
    titleLabel.ellipsize = .middle
    titleLabel.styleContext?.addClass("title")
    widget.customTitle = titleLabel
    let paging = Box(orientation: .horizontal, spacing: 0)
    paging.styleContext?.addClass("linked")
    paging.packStart(previousButton, expand: false, fill: true, padding: 0)
    paging.packStart(nextButton, expand: false, fill: true, padding: 0)
    widget.packStart(paging)
    let slideshow = Box(orientation: .horizontal, spacing: 0)
    slideshow.styleContext?.addClass("linked")
    slideshow.packStart(slideshowToggle, expand: false, fill: true, padding: 0)
    slideshow.packStart(optionsButton, expand: false, fill: true, padding: 0)
    widget.packStart(slideshow)
    widget.packEnd(leaveButton)
    optionsButton.image = Image(iconName: "pan-down-symbolic", size: .button)
    optionsButton.popover = makeOptions(preferences: viewModel.preferences)

    Self.name(previousButton, tr("Previous image"), tooltip: tr("Previous image"))
    Self.name(nextButton, tr("Next image"), tooltip: tr("Next image"))
    Self.name(slideshowToggle, tr("Slideshow"), tooltip: tr("Slideshow (F5)"))
    Self.name(
      optionsButton, tr("Slideshow options"), tooltip: tr("Interval, loop and shuffle"))
    Self.name(
      leaveButton, tr("Leave fullscreen"), tooltip: tr("Leave fullscreen (F11, Escape)"))
    previousButton.actionName = "win.previous"
    nextButton.actionName = "win.next"
    slideshowToggle.actionName = "win.slideshow"
    leaveButton.actionName = "win.fullscreen"
    loopCheck.actionName = "win.slideshow-loop"
    shuffleCheck.actionName = "win.slideshow-shuffle"

    viewModel.isSlideshowRunning.signal
      .map { $0 ? "media-playback-pause-symbolic" : "media-playback-start-symbolic" }
      .subscribe(next: { [weak self] icon in
        self?.slideshowToggle.image = Image(iconName: icon, size: .button)
      })
      .disposed(by: bag)
    viewModel.heading.signal
      .subscribe(next: { [weak self] heading in
        self?.titleLabel.text = [heading.name, heading.position].compactMap { $0 }
          .joined(separator: " ")
      })
      .disposed(by: bag)
    let seconds = viewModel.preferences.slideshowSeconds
    seconds.signal.map(Double.init).bind(to: secondsButton.rx.value).disposed(by: bag)
    secondsButton.rx.value.changes
      .subscribe(next: { value in seconds.value = Int(value.rounded()) })
      .disposed(by: bag)
    widget.showAll()
  }

  /// The options popover: the interval, loop and shuffle.
  private func makeOptions(preferences: ViewPreferences) -> Popover {
    let popover = Popover(relativeTo: optionsButton)
    let box = Box(orientation: .vertical, spacing: 6)
    box.borderWidth = 10
    let interval = Box(orientation: .horizontal, spacing: 6)
    let label = Label(tr("Show each image for"))
    secondsButton.accessibleName = tr("Slideshow interval in seconds")
    interval.packStart(label, expand: false, fill: false, padding: 0)
    interval.packStart(secondsButton, expand: false, fill: false, padding: 0)
    interval.packStart(Label(tr("seconds")), expand: false, fill: false, padding: 0)
    box.packStart(interval, expand: false, fill: true, padding: 0)
    box.packStart(loopCheck, expand: false, fill: true, padding: 0)
    box.packStart(shuffleCheck, expand: false, fill: true, padding: 0)
    box.showAll()
    popover.add(box)
    return popover
  }

  private static func name(_ widget: Widget, _ name: String, tooltip: String) {
    widget.accessibleName = name
    widget.tooltipText = tooltip
    widget.focusOnClick = false
  }
}
