// The About dialog: what the app is, its version, who made and translated it.
import GtkReactive
import ImageBrowserCore
import Reactive

/// The application's About dialog (`app.about`, in the main menu): GTK's `GtkAboutDialog`
/// with the facts the AppStream metainfo declares (name, summary, developer, the newest
/// release's version) and the translators of the language shown. One at a time: asked
/// again while open, it is raised; closed, it is destroyed.
///
/// The metainfo declares no project licence and no web address, so the dialog shows
/// neither rather than invent them.
final class AboutWindow {
  /// The version of the newest release in `resources/…metainfo.xml.in` (`AboutTests`
  /// checks they agree).
  static let version = "0.1.0"
  /// The AppStream `developer_name`.
  static let developer = "The ReactiveGtk developers"

  /// The dialog.
  let dialog = AboutDialog()
  /// Called once when the person closes the dialog (it is then destroyed).
  var onClose: (() -> Void)?

  private let bag = DisposeBag()

  /// The dialog, filled in and hidden.
  init() {
    dialog.programName = tr("Image Browser")
    dialog.version = Self.version
    dialog.comments = tr("Browse a folder of photos in a large viewer with a thumbnail strip")
    dialog.logoIconName = "org.reactivegtk.ImageBrowser"
    dialog.authors = [Self.developer]
    // TRANSLATORS: your names, one per line; GTK's About dialog shows them as translators.
    let credits = tr("translator-credits")
    if credits != "translator-credits" { dialog.translatorCredits = credits }
    dialog.accessibleName = tr("About Image Browser")
    dialog.isModal = true
    // Closed (its Close button, Escape, the window manager, whose delete GTK turns into a
    // response and then a destroy): gone for good.
    dialog.rx.responses
      .subscribe(next: { [weak self] _ in
        guard let self else { return }
        dialog.dismiss()
        onClose?()
        onClose = nil
      })
      .disposed(by: bag)
  }

  /// Shows the dialog over `parent`, or raises it.
  func present(over parent: Window?) {
    dialog.transientFor = parent
    dialog.present()
  }
}
