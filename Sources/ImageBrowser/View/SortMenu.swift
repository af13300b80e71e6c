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
  /// The radio items, one per order (building the popover's items if not built yet).
  var items: [ImageSortOrder: RadioButton] { built.items }
  /// Runs the order backwards (building the popover's items if not built yet).
  var reverseItem: CheckButton { built.reverse }
  /// The popover's items, built when it first opens (`BrowserHeaderBar.buildPopups`).
  private(set) var content: PopupContent!

  private let popover: Popover
  private let viewModel: AppViewModel
  private lazy var built: (items: [ImageSortOrder: RadioButton], reverse: CheckButton) =
    makeItems()
  private let bag = DisposeBag()

  /// The menu of `button`, bound to `viewModel`.
  init(button: MenuButton, viewModel: AppViewModel) {
    self.viewModel = viewModel
    popover = Popover(relativeTo: button)
    button.popover = popover
    content = PopupContent(of: popover) { [weak self] in _ = self?.built }
    bind(button: button, viewModel: viewModel)
  }

  /// The popover's items, bound to the view model.
  private func makeItems() -> (items: [ImageSortOrder: RadioButton], reverse: CheckButton) {
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
    box.packStart(Separator(orientation: .horizontal), expand: false, fill: true, padding: 4)
    let reverse = CheckButton(label: tr("Reverse Order"))
    reverse.actionName = "win.sort-descending"
    reverse.accessibleName = tr("Reverse the order")
    box.packStart(reverse, expand: false, fill: true, padding: 0)
    box.showAll()
    popover.add(box)
    bind(items)
    return (items, reverse)
  }

  private func bind(_ items: [ImageSortOrder: RadioButton]) {
    let viewModel = viewModel
    for (order, item) in items {
      // The sink sets the radio without echo; GTK then clears the other radio of the
      // group, whose `false` the filter below drops.
      viewModel.sortOrder.signal.map { $0 == order }.bind(to: item.rx.isActive)
        .disposed(by: bag)
      item.rx.isActive.changes.filter { $0 }
        .subscribe(next: { _ in viewModel.sort(by: order) })
        .disposed(by: bag)
    }
  }

  private func bind(button: MenuButton, viewModel: AppViewModel) {
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
