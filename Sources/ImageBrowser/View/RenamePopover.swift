// Renaming in place: a field over the viewer holding the name, its stem selected.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// A popover with the file name in a text field, as Files renames: the name without its
/// extension is selected, Return or the Rename button sends the new name, Escape or a
/// click elsewhere cancels. An unchanged or empty name sends nothing.
final class RenamePopover {
  /// The popover.
  let popover: Popover
  /// The name field.
  let entry = Entry()
  /// Confirms the new name.
  let renameButton = Button(mnemonic: tr("_Rename"))
  private let original: String
  private let subject = PublishSubject<String, Never>()
  private let bag = DisposeBag()

  /// A rename field for `name`, pointing at `widget`.
  init(relativeTo widget: Widget, name: String) {
    original = name
    popover = Popover(relativeTo: widget)
    popover.position = .bottom
    let box = Box(orientation: .horizontal, spacing: 6)
    box.borderWidth = 8
    entry.text = name
    entry.widthChars = max(20, min(50, name.count + 4))
    entry.activatesDefault = false
    entry.accessibleName = tr("New name")
    renameButton.styleContext?.addClass("suggested-action")
    box.packStart(Label(tr("Name")), expand: false, fill: false, padding: 0)
    box.packStart(entry, expand: true, fill: true, padding: 0)
    box.packStart(renameButton, expand: false, fill: false, padding: 0)
    box.showAll()
    popover.add(box)
    entry.rx.activate.subscribe(next: { [weak self] in self?.confirm() }).disposed(by: bag)
    renameButton.rx.clicked.subscribe(next: { [weak self] in self?.confirm() }).disposed(by: bag)
    entry.rx.text.changes
      .map { [original] text in
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed != original && !trimmed.contains("/")
      }
      .bind(to: renameButton.rx.isSensitive)
      .disposed(by: bag)
    renameButton.isSensitive = false
  }

  /// The names the user confirmed (at most one), then completion when it closes.
  var names: Signal<String, Never> { subject.signal }

  /// Shows the popover with the stem selected.
  func show() {
    popover.popup()
    entry.grabFocus()
    let stem = (original as NSString).deletingPathExtension
    entry.selectRegion(0, endPos: stem.isEmpty ? -1 : stem.count)
  }

  private func confirm() {
    let name = entry.text.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name != original, !name.contains("/") else { return }
    popover.popdown()
    subject.send(name)
    subject.sendCompleted()
  }
}
