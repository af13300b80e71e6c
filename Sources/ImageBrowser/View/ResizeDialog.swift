// The resize dialog: width and height in pixels or percent, the aspect kept or not.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Asks for a new size of the current image as it shows: width and height in pixels or
/// percent (`ResizeInput` does the arithmetic), linked while *Keep the aspect ratio* is
/// ticked. *Resize* sends the size; the view model takes it as an edit step.
@MainActor
final class ResizeDialog {
  /// The dialog.
  let dialog: Dialog
  /// The new width.
  let width = SpinButton(min: 1, max: 100_000, step: 1)
  /// The new height.
  let height = SpinButton(min: 1, max: 100_000, step: 1)
  /// Pixels or percent.
  let unit = ComboBoxText()
  /// Whether the height follows the width and back.
  let keepsAspect = CheckButton(mnemonic: tr("_Keep the aspect ratio"))
  /// Why the size cannot be made, if it cannot.
  let problem = Label("")

  private let input: ResizeInput
  private var currentUnit = ResizeUnit.pixels
  /// Set while one field is written from the other, so the echo does not come back.
  private var linking = false
  private let bag = DisposeBag()

  /// A dialog over `parent` for an image of `original` pixels as it shows.
  init(original: PixelSize, parent: Window) {
    input = ResizeInput(original: original)
    dialog = Dialog(title: tr("Resize Image"), parent: parent, modal: true, usesHeaderBar: true)
    dialog.accessibleName = tr("Resize Image")
    dialog.addButton(gtkTranslation("_Cancel"), response: .cancel)
    let resize = dialog.addButton(tr("_Resize"), response: .ok)
    resize.styleContext?.addClass("suggested-action")
    dialog.setDefaultResponse(.ok)
    width.value = Double(original.width)
    height.value = Double(original.height)
    width.activatesDefault = true
    height.activatesDefault = true
    width.accessibleName = tr("New width")
    height.accessibleName = tr("New height")
    unit.append("pixels", text: tr("pixels"))
    unit.append("percent", text: tr("percent"))
    _ = unit.setActiveId("pixels")
    unit.valign = .center
    unit.accessibleName = tr("Unit of the new size")
    keepsAspect.isActive = true
    problem.xalign = 0
    problem.lineWrap = true

    let grid = Grid()
    grid.rowSpacing = 8
    grid.columnSpacing = 12
    grid.borderWidth = 18
    let now = Label(tr("Now %1$d × %2$d pixels", original.width, original.height))
    now.xalign = 0
    grid.attach(now, left: 0, top: 0, width: 3, height: 1)
    let widthLabel = Label(mnemonic: tr("_Width"))
    widthLabel.mnemonicWidget = width
    widthLabel.xalign = 0
    let heightLabel = Label(mnemonic: tr("_Height"))
    heightLabel.mnemonicWidget = height
    heightLabel.xalign = 0
    grid.attach(widthLabel, left: 0, top: 1, width: 1, height: 1)
    grid.attach(width, left: 1, top: 1, width: 1, height: 1)
    grid.attach(heightLabel, left: 0, top: 2, width: 1, height: 1)
    grid.attach(height, left: 1, top: 2, width: 1, height: 1)
    grid.attach(unit, left: 2, top: 1, width: 1, height: 2)
    grid.attach(keepsAspect, left: 0, top: 3, width: 3, height: 1)
    grid.attach(problem, left: 0, top: 4, width: 3, height: 1)
    dialog.contentArea?.packStart(grid, expand: true, fill: true, padding: 0)
    grid.showAll()
    bind(resize)
  }

  /// The size the fields ask for, or why not.
  var requested: Result<PixelSize, ResizeError> {
    input.size(width: width.value, height: height.value, unit: currentUnit)
  }

  /// Shows the dialog; sends the size once when the user presses *Resize* (nothing when
  /// they cancel), then completes and destroys the dialog.
  func run() -> Signal<PixelSize, Never> {
    let dialog = self.dialog
    return dialog.rx.responses.take(1)
      .compactMap { [weak self] response -> PixelSize? in
        guard response == .ok, case .success(let size) = self?.requested else { return nil }
        return size
      }
      .on(
        subscribed: { dialog.present() },
        disposed: { dialog.dismiss() })
  }

  private func bind(_ resize: Button) {
    width.rx.value.changes
      .subscribe(next: { [weak self] value in
        guard let self else { return }
        guard !linking, keepsAspect.isActive else { return check(resize) }
        linking = true
        height.value = input.height(forWidth: value, unit: currentUnit)
        linking = false
        check(resize)
      })
      .disposed(by: bag)
    height.rx.value.changes
      .subscribe(next: { [weak self] value in
        guard let self else { return }
        guard !linking, keepsAspect.isActive else { return check(resize) }
        linking = true
        width.value = input.width(forHeight: value, unit: currentUnit)
        linking = false
        check(resize)
      })
      .disposed(by: bag)
    unit.rx.changed
      .subscribe(next: { [weak self] in
        guard let self else { return }
        let next: ResizeUnit = unit.activeId == "percent" ? .percent : .pixels
        guard next != currentUnit else { return }
        linking = true
        width.digits = next == .percent ? 1 : 0
        height.digits = width.digits
        width.value = ResizeInput.convert(width.value, to: next, of: input.original.width)
        height.value = ResizeInput.convert(height.value, to: next, of: input.original.height)
        currentUnit = next
        linking = false
        check(resize)
      })
      .disposed(by: bag)
  }

  /// Says what is wrong with the fields, and lets *Resize* act only when nothing is.
  private func check(_ resize: Button) {
    switch requested {
    case .success:
      problem.text = ""
      resize.isSensitive = true
    case .failure(let error):
      problem.text = error.message
      resize.isSensitive = false
    }
  }
}
