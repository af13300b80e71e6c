// The bar over the viewer in crop mode: the shape, the size kept, Cancel and Crop.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Shown at the top of the viewer while crop mode is on: a choice of shapes (free, 1:1,
/// 4:3, 3:2, 16:9, the image's own), the size the crop keeps in pixels, *Cancel*
/// (Escape) and *Crop* (Return). Hidden otherwise.
@MainActor
final class CropBar {
  /// The bar, an overlay child of the viewer.
  let widget = Box(orientation: .horizontal, spacing: 8)
  /// The shape the crop is held to.
  let aspect = ComboBoxText()
  /// The size the crop keeps ("640 × 480 pixels").
  let size = Label("")
  /// Leaves crop mode without cropping.
  let cancel = Button(mnemonic: gtkTranslation("_Cancel"))
  /// Takes the crop.
  let apply = Button(mnemonic: tr("C_rop"))

  private let bag = DisposeBag()

  /// A bar following `cropping`.
  init(cropping: Cropping) {
    widget.halign = .center
    widget.valign = .start
    widget.marginTop = 12
    widget.noShowAll = true
    widget.borderWidth = 6
    // Over the image: GTK's dark, translucent look for controls over content.
    widget.styleContext?.addClass("osd")
    widget.styleContext?.addClass("crop-bar")
    for shape in CropAspect.allCases {
      aspect.append(String(describing: shape), text: tr(shape.title))
    }
    aspect.accessibleName = tr("Crop shape")
    _ = aspect.setActiveId(String(describing: CropAspect.free))
    size.widthChars = 18
    cancel.actionName = "win.crop-cancel"
    apply.actionName = "win.crop-apply"
    apply.styleContext?.addClass("suggested-action")
    let title = Label(tr("Crop"))
    title.marginStart = 6
    for child in [title, aspect, size, cancel, apply] as [Widget] {
      widget.packStart(child, expand: false, fill: false, padding: 0)
    }
    for child in [title, aspect, size, cancel, apply] as [Widget] { child.show() }

    aspect.rx.changed
      .subscribe(next: { [weak self, weak cropping] in
        guard let id = self?.aspect.activeId,
          let shape = CropAspect.allCases.first(where: { String(describing: $0) == id })
        else { return }
        cropping?.setAspect(shape)
      })
      .disposed(by: bag)
    cropping.selection.signal
      .subscribe(next: { [weak self] selection in
        guard let self else { return }
        if let selection {
          size.text = tr(
            "%1$d × %2$d pixels", selection.rect.width, selection.rect.height)
          if !widget.isVisible {
            // A new crop starts free, as its selection does.
            _ = aspect.setActiveId(String(describing: selection.aspect))
          }
        }
        widget.isVisible = selection != nil
      })
      .disposed(by: bag)
  }
}
