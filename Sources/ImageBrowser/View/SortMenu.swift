// The header bar's sort menu: the orders as radio items, the direction as a check item.
import GtkReactive
import ImageBrowserCore
import Reactive

/// The popover of the header bar's sort button: one radio item per order, the one in
/// effect set, and *Reverse Order* checked while the order runs backwards (the window's
/// `win.sort-descending` toggle, so the main menu's item and this one are one state).
/// The button itself shows the direction (`view-sort-ascending` or `-descending`) and
/// its tooltip names the order in effect ("Sorted by size, largest first").
final class SortMenu {
  /// The radio items, one per order.
  let items: [ImageSortOrder: RadioButton]
  /// Runs the order backwards.
  let reverseItem = CheckButton(label: tr("Reverse Order"))

  private let bag = DisposeBag()

  /// The menu of `button`, bound to `viewModel`.
  init(button: MenuButton, viewModel: AppViewModel) {
    let popover = Popover(relativeTo: button)
    let box = Box(orientation: .vertical, spacing: 2)
    box.borderWidth = 8
    var items: [ImageSortOrder: RadioButton] = [:]
    var group: RadioButton?
    for order in ImageSortOrder.allCases {
      let item = RadioButton(radioGroupMember: group, label: order.title)
      group = item
      item.accessibleName = order.accessibleTitle
      box.packStart(item, expand: false, fill: true, padding: 0)
      items[order] = item
    }
    self.items = items
    box.packStart(Separator(orientation: .horizontal), expand: false, fill: true, padding: 4)
    reverseItem.actionName = "win.sort-descending"
    reverseItem.accessibleName = tr("Reverse the order")
    box.packStart(reverseItem, expand: false, fill: true, padding: 0)
    box.showAll()
    popover.add(box)
    button.popover = popover
    bind(button: button, viewModel: viewModel)
  }

  private func bind(button: MenuButton, viewModel: AppViewModel) {
    for (order, item) in items {
      // The sink sets the radio without echo; GTK then clears the other radio of the
      // group, whose `false` the filter below drops.
      viewModel.sortOrder.signal.map { $0 == order }.bind(to: item.rx.isActive)
        .disposed(by: bag)
      item.rx.isActive.changes.filter { $0 }
        .subscribe(next: { _ in viewModel.sort(by: order) })
        .disposed(by: bag)
    }
    viewModel.sortOrder.signal.combineLatest(with: viewModel.sortDescending.signal)
      .subscribe(next: { [weak button] order, descending in
        guard let button else { return }
        let sort = ImageSort(order, descending: descending)
        button.image = Image(
          iconName: descending ? "view-sort-descending-symbolic" : "view-sort-ascending-symbolic",
          size: .button)
        button.tooltipText = sort.summary
      })
      .disposed(by: bag)
  }
}
