// The Preferences dialog: the viewer's background, the slideshow's pace and order, the strip and sidebar.
import GtkReactive
import ImageBrowserCore
import Reactive

/// A non-modal dialog bound both ways to `BrowserViewModel.preferences`: what it
/// changes applies at once and is remembered (the view model saves the settings), and
/// a change made elsewhere (F9, the sidebar toggle) shows in it. Closing destroys it.
final class PreferencesDialog {
  /// The backgrounds offered behind transparent images, in order: the checkerboard (the
  /// default) first.
  static let backgrounds: [(title: String, background: ViewerBackground)] = [
    (N_("Checkerboard (shows transparency)"), .checkerboard),
    (N_("Dark grey"), .standard),
    (N_("Black"), .color(RGBColor(red: 0, green: 0, blue: 0))),
    (N_("Grey"), .color(RGBColor(red: 0x80, green: 0x80, blue: 0x80))),
    (N_("White"), .color(RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF))),
  ]

  /// The dialog.
  let dialog: Dialog
  /// One radio per background; a colour chosen in the settings file that is not among
  /// `backgrounds` gets its own "Custom" radio first.
  let backgroundItems: [(background: ViewerBackground, radio: RadioButton)]
  /// The seconds each image shows in a slideshow.
  let slideshowSeconds = SpinButton(
    min: Double(Settings.slideshowSecondsRange.lowerBound),
    max: Double(Settings.slideshowSecondsRange.upperBound), step: 1)
  /// Whether the slideshow starts again after the last image.
  let slideshowLoops = CheckButton(label: tr("Start again after the last image"))
  /// Whether the slideshow shows the images in a random order.
  let slideshowShuffles = CheckButton(label: tr("Show the images in a random order"))
  /// Whether the thumbnail strip shows.
  let showsStrip = CheckButton(label: tr("Show the thumbnail strip (F9)"))
  /// Whether the properties sidebar shows.
  let showsProperties = CheckButton(label: tr("Show image properties (Alt+Return)"))
  /// Whether the window uses the theme's dark variant.
  let prefersDarkStyle = CheckButton(label: tr("Use the dark style"))

  /// Called once when the person closes the dialog (it is then destroyed).
  var onClose: (() -> Void)?

  private let bag = DisposeBag()

  /// A dialog over `parent` bound to `preferences`; `present()` shows it.
  init(preferences: ViewPreferences, parent: Window) {
    dialog = Dialog(title: tr("Preferences"), parent: parent, modal: false, usesHeaderBar: true)
    dialog.setDefaultSize(380, height: -1)
    dialog.accessibleName = tr("Preferences")
    var offered = Self.backgrounds.map { (title: tr($0.title), background: $0.background) }
    let current = preferences.viewerBackground.value
    if !offered.contains(where: { $0.background == current }) {
      offered.insert((tr("Custom (%s)", current.settingValue), current), at: 0)
    }
    var group: RadioButton?
    backgroundItems = offered.map { title, background in
      let radio = RadioButton(radioGroupMember: group, label: title)
      group = radio
      return (background, radio)
    }

    let grid = Grid()
    grid.rowSpacing = 8
    grid.columnSpacing = 12
    grid.borderWidth = 18
    var row = 0
    func heading(_ text: String) {
      let label = Label("")
      label.setMarkup("<b>\(text.markupEscaped)</b>")
      label.xalign = 0
      label.marginTop = row == 0 ? 0 : 10
      grid.attach(label, left: 0, top: row, width: 2, height: 1)
      row += 1
    }
    heading(tr("Viewer background"))
    for (_, radio) in backgroundItems {
      radio.marginStart = 12
      grid.attach(radio, left: 0, top: row, width: 2, height: 1)
      row += 1
    }
    heading(tr("Slideshow"))
    let seconds = Label(tr("Show each image for"))
    seconds.xalign = 0
    seconds.marginStart = 12
    slideshowSeconds.accessibleName = tr("Slideshow interval in seconds")
    let unit = Box(orientation: .horizontal, spacing: 6)
    unit.packStart(slideshowSeconds, expand: false, fill: false, padding: 0)
    unit.packStart(Label(tr("seconds")), expand: false, fill: false, padding: 0)
    grid.attach(seconds, left: 0, top: row, width: 1, height: 1)
    grid.attach(unit, left: 1, top: row, width: 1, height: 1)
    row += 1
    for check in [slideshowLoops, slideshowShuffles] {
      check.marginStart = 12
      grid.attach(check, left: 0, top: row, width: 2, height: 1)
      row += 1
    }
    heading(tr("Window"))
    for check in [showsStrip, showsProperties, prefersDarkStyle] {
      check.marginStart = 12
      grid.attach(check, left: 0, top: row, width: 2, height: 1)
      row += 1
    }
    dialog.contentArea?.packStart(grid, expand: true, fill: true, padding: 0)
    grid.showAll()

    bind(preferences)
  }

  /// Shows the dialog, or raises it.
  func present() {
    dialog.present()
  }

  private func bind(_ preferences: ViewPreferences) {
    for (background, radio) in backgroundItems {
      // As in the sort menu: the sink sets the radio without echo, and the `false` GTK
      // sends the radio it clears is dropped.
      preferences.viewerBackground.signal.map { $0 == background }.bind(to: radio.rx.isActive)
        .disposed(by: bag)
      radio.rx.isActive.changes.filter { $0 }
        .subscribe(next: { _ in preferences.viewerBackground.value = background })
        .disposed(by: bag)
    }
    preferences.slideshowSeconds.signal.map(Double.init).bind(to: slideshowSeconds.rx.value)
      .disposed(by: bag)
    slideshowSeconds.rx.value.changes
      .subscribe(next: { value in preferences.slideshowSeconds.value = Int(value.rounded()) })
      .disposed(by: bag)
    for (check, property) in [
      (showsStrip, preferences.showsStrip), (showsProperties, preferences.showsProperties),
      (slideshowLoops, preferences.slideshowLoops),
      (slideshowShuffles, preferences.slideshowShuffles),
      (prefersDarkStyle, preferences.prefersDarkStyle),
    ] {
      property.signal.bind(to: check.rx.isActive).disposed(by: bag)
      check.rx.isActive.changes
        .subscribe(next: { active in property.value = active })
        .disposed(by: bag)
    }
    // Closed (the window manager's close button, Escape): gone for good, so the
    // dialog and its bindings go; `onClose` lets the owner forget it.
    dialog.rx.responses
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        dialog.dismiss()
        onClose?()
        onClose = nil
      })
      .disposed(by: bag)
  }
}
