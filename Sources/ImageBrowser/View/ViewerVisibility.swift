// Whether the viewer can be seen: mapped, in a window that is not minimized.
import GtkReactive
import Reactive

/// Follows whether a widget can be seen: it is mapped (its window shown, its page of a
/// stack current) and its toplevel window is not iconified (minimized). Work that only
/// matters on screen, like playing an animation, pauses when it turns `false`.
final class ViewerVisibility {
  /// Whether the widget can be seen now.
  let isVisible = MutableProperty(false)

  private let widget: Widget
  private var isMapped = false
  private var isIconified = false
  private let toplevelState = SerialDisposable()
  private let bag = DisposeBag()

  /// Follows `widget`.
  init(of widget: Widget) {
    self.widget = widget
    bag.insert(toplevelState)
    widget.rx.map
      .subscribe(next: { [weak self] in self?.mapped(true) })
      .disposed(by: bag)
    widget.rx.unmap
      .subscribe(next: { [weak self] in self?.mapped(false) })
      .disposed(by: bag)
    mapped(widget.isMapped)
  }

  private func mapped(_ mapped: Bool) {
    isMapped = mapped
    if mapped, toplevelState.inner == nil, let window = widget.toplevel {
      // The toplevel's window state says when it is minimized (it stays mapped in
      // GTK's eyes on some window managers).
      toplevelState.inner = window.rx.windowStateEvent
        .subscribe(next: { [weak self] _ in self?.windowStateChanged() })
    }
    windowStateChanged()
  }

  private func windowStateChanged() {
    isIconified = widget.toplevel?.window?.state.contains(.iconified) ?? false
    let visible = isMapped && !isIconified
    if isVisible.value != visible { isVisible.value = visible }
  }
}
