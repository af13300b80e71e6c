// The notification over the viewer after a file action: what happened, Undo, and a close button.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Shows the view model's `notice` at the top of the viewer, as Files does after a
/// trash: the message, an Undo button (the `win.undo` action) when the notice can be
/// undone, and a close button. A notice goes by itself after `lifetime`; a failure stays
/// until closed or replaced, or until the user moves on (another image, a new filter):
/// it spoke of what was on screen then.
final class NoticeBar {
  /// The widget, an overlay child centred at the top of the viewer.
  let widget = Revealer()
  /// The message.
  let label = Label("")
  /// Undoes the action the notice is about.
  let undoButton = Button(label: tr("_Undo"))
  /// Dismisses the notice.
  let closeButton = Button(iconName: "window-close-symbolic", size: .button)
  /// How long a notice that is not a failure stays.
  static let lifetime: Duration = .seconds(10)

  private let expiry = SerialDisposable()
  private let bag = DisposeBag()

  /// A bar following `viewModel.notice`.
  init(viewModel: AppViewModel, scheduler: Scheduler = MainLoopScheduler.main) {
    widget.halign = .center
    widget.valign = .start
    widget.transitionType = .slideDown
    let box = Box(orientation: .horizontal, spacing: 12)
    box.styleContext?.addClass("app-notification")
    label.lineWrap = true
    label.maxWidthChars = 60
    undoButton.useUnderline = true
    undoButton.actionName = "win.undo"
    // Shown only with a notice that can be undone: the window's `showAll` must not show
    // it under a notice given before the window appeared (opening a file that cannot be
    // shown).
    undoButton.noShowAll = true
    closeButton.accessibleName = tr("Close the notification")
    closeButton.styleContext?.addClass("flat")
    box.packStart(label, expand: true, fill: true, padding: 0)
    box.packStart(undoButton, expand: false, fill: false, padding: 0)
    box.packStart(closeButton, expand: false, fill: false, padding: 0)
    widget.add(box)
    bag.insert(expiry)

    viewModel.notice.signal
      .subscribe(next: { [weak self, weak viewModel] notice in
        guard let self else { return }
        widget.revealChild = notice != nil
        label.text = notice?.message ?? ""
        undoButton.isVisible = notice?.undo != nil
        expiry.inner = nil
        if let notice, !notice.isFailure {
          expiry.inner = scheduler.schedule(after: Self.lifetime) { [weak viewModel] in
            if viewModel?.notice.value == notice { viewModel?.notice.value = nil }
          }
        }
      })
      .disposed(by: bag)
    let movedOn = Signal.merge([
      // Moving on is leaving an image: the first image of a folder arriving (from no
      // image) is not, so a notice given while the folder opened stays.
      viewModel.current.signal.map { $0?.url }.distinctUntilChanged()
        .scan((before: URL?.none, now: URL?.none)) { pair, url in (pair.now, url) }
        .filter { $0.before != nil }.map { _ in () },
      viewModel.filterText.changes.map { _ in () },
    ])
    movedOn
      .subscribe(next: { [weak viewModel] in
        guard let viewModel, viewModel.notice.value?.isFailure == true else { return }
        viewModel.notice.value = nil
      })
      .disposed(by: bag)
    closeButton.rx.clicked
      .subscribe(next: { [weak viewModel] in viewModel?.notice.value = nil })
      .disposed(by: bag)
  }
}
