// Closing a window with turned images not saved: asks first, so no edit is lost silently.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Stops a browser window from closing while it has edits Save could write (turns and
/// mirrors not saved), and asks: Cancel keeps the window, “Close Without Saving” closes
/// it, its edits going with it. Closing by the title bar, Ctrl+W and Quit all ask, since all
/// of them go through the window's `delete-event`.
@MainActor
final class UnsavedEditsGuard {
  private unowned let window: ApplicationWindow
  private let viewModel: AppViewModel
  private let bag = DisposeBag()
  /// The question on screen, if any: a second close while it shows asks nothing more.
  private(set) var isAsking = false
  /// Whether the user chose to close without saving: the next close goes through.
  private var isDiscarding = false

  /// A guard on `window`, which shows `viewModel`.
  init(window: ApplicationWindow, viewModel: AppViewModel) {
    self.window = window
    self.viewModel = viewModel
    window.rx.deleteEvent
      .subscribe(next: { [weak self] event in
        guard let self, !isDiscarding, !viewModel.unsavedImages.isEmpty else { return }
        event.stop()
        ask()
      })
      .disposed(by: bag)
  }

  /// The question, in words: which images would lose their edits.
  static func question(for unsaved: [URL]) -> (message: String, detail: String) {
    let names = unsaved.prefix(3).map { tr("“%s”", FilePathBytes.shownName(of: $0)) }
    // TRANSLATORS: the separator between the names of a list: “a.jpg”, “b.png”.
    var listed = names.joined(separator: tr(", "))
    if unsaved.count > 3 {
      // TRANSLATORS: a list of names cut short: “a.jpg”, “b.png”, “c.jpg” and 2 more.
      listed = trn("%2$s and %1$d more", "%2$s and %1$d more", unsaved.count - 3, listed)
    }
    if unsaved.count == 1 {
      return (
        tr("Close without saving the changes to %s?", listed),
        tr(
          "It is turned, flipped, cropped or resized but not saved. Save it with Ctrl+S, or close to discard the changes."
        )
      )
    }
    return (
      trn(
        "Close without saving the changes to %d image?",
        "Close without saving the changes to %d images?", unsaved.count),
      tr(
        "%s are turned, flipped, cropped or resized but not saved. Save each with Ctrl+S, or close to discard the changes.",
        listed)
    )
  }

  private func ask() {
    guard !isAsking else { return }
    isAsking = true
    let question = Self.question(for: viewModel.unsavedImages)
    window
      .confirm(
        question.message, detail: question.detail, confirmLabel: tr("Close _Without Saving"),
        type: .warning, destructive: true
      )
      .subscribe(next: { [weak self] close in
        guard let self else { return }
        isAsking = false
        guard close else { return }
        // The edits go with the window and its view model; dropping them first would
        // only make the view redraw as it is destroyed.
        isDiscarding = true
        window.close()
      })
      .disposed(by: bag)
  }
}
