// A header button's menu or popover whose items are built when it first opens.
import GtkReactive
import Reactive

/// The items of a menu button's popup (a `Menu` or a `Popover`), built the first time the
/// popup shows or when `build()` is called, whichever comes first, and never again.
///
/// The button gets its popup at once, empty: a GTK 3 menu button with neither a menu nor a
/// popover turns insensitive, which would grey it in the window's first frame. Building
/// the items waits: a menu from a model is a widget per item, each following its action,
/// and the window's first frame shows none of them (`DeferredParts` builds them after the
/// first image). GTK emits the popup's `show` before it measures and places it (a `Menu`
/// in its popup, a `Popover` in its next layout), so items built then are measured,
/// placed and drawn as if they had always been there.
///
/// The button's owner owns it; it builds on the main thread.
final class PopupContent {
  private var pending: (() -> Void)?
  private let shown = SerialDisposable()

  /// Whether the items have been built.
  var isBuilt: Bool { pending == nil }

  /// Content for `popup`, made by `build` when `popup` first shows.
  init(of popup: Widget, build: @escaping () -> Void) {
    pending = build
    shown.inner = popup.rx.show.subscribe(next: { [weak self] in self?.build() })
  }

  /// `button`'s menu, empty, its items made from `model` (as a menu button set to the
  /// model would make them) when it first shows.
  convenience init(menuOf button: MenuButton, model: MenuModel) {
    let menu = Menu()
    button.popup = menu
    // Held strongly: the wrapper may be all of Swift's hold on the menu until it shows.
    self.init(of: menu) {
      menu.bindModel(model, actionNamespace: nil, withSeparators: true)
      menu.showAll()
    }
  }

  /// `button`'s popover, empty, its items made from `model` (as a menu button set to the
  /// model would make them) when it first shows.
  convenience init(popoverOf button: MenuButton, model: MenuModel) {
    let popover = Popover(relativeTo: button)
    button.popover = popover
    self.init(of: popover) { popover.bindModel(model, actionNamespace: nil) }
  }

  /// Builds the items now, unless they have been built.
  func build() {
    guard let pending else { return }
    self.pending = nil
    shown.dispose()
    pending()
  }
}
