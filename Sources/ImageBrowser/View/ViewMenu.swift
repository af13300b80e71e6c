// The header bar's view menu: the properties sidebar, the thumbnail strip, Preferences.
import GtkReactive
import ImageBrowserCore
import Reactive

/// A menu button whose popover switches the properties sidebar and the thumbnail strip
/// (check items bound both ways to `ViewPreferences`) and opens Preferences.
final class ViewMenu {
  /// The menu button, for the header bar.
  let button = MenuButton()
  /// Shows or hides the properties sidebar.
  let propertiesItem = CheckButton(label: "Image Properties")
  /// Shows or hides the thumbnail strip.
  let stripItem = CheckButton(label: "Thumbnail Strip")
  /// Opens the Preferences dialog (the window subscribes to its clicks).
  let preferencesItem = ModelButton()

  private let bag = DisposeBag()

  /// A menu bound to `preferences`.
  init(preferences: ViewPreferences) {
    let popover = Popover(relativeTo: button)
    let box = Box(orientation: .vertical, spacing: 2)
    box.borderWidth = 8
    propertiesItem.tooltipText = "Alt+Return"
    stripItem.tooltipText = "F9"
    preferencesItem.text = "Preferences…"
    preferencesItem.tooltipText = "Ctrl+,"
    for item in [propertiesItem, stripItem] as [Widget] {
      box.packStart(item, expand: false, fill: true, padding: 0)
    }
    box.packStart(Separator(orientation: .horizontal), expand: false, fill: true, padding: 4)
    box.packStart(preferencesItem, expand: false, fill: true, padding: 0)
    box.showAll()
    popover.add(box)
    button.setPopover(popover)
    button.image = Image(iconName: "open-menu-symbolic", size: .button)
    button.accessibleName = "View"
    button.tooltipText = "Properties, thumbnails, preferences"
    button.focusOnClick = false

    for (item, property) in [
      (propertiesItem, preferences.showsProperties), (stripItem, preferences.showsStrip),
    ] {
      property.signal.bind(to: item.rx.isActive).disposed(by: bag)
      item.rx.isActive.changes
        .subscribe(next: { active in property.value = active })
        .disposed(by: bag)
    }
    preferencesItem.rx.clicked
      .subscribe(next: { [weak popover] in popover?.popdown() })
      .disposed(by: bag)
  }
}
