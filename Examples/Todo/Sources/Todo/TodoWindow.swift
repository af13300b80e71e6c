// The to-do window: GTK widgets and their bindings to a `TodoViewModel`.
import GtkReactive
import Reactive
import TodoModel

/// The list's window. It only builds widgets and binds them: every decision is the view
/// model's.
///
/// Clear Done is one window action (`win.clear-done`) executing the view model's
/// command: the button below the list and the item of the header bar's menu both name
/// it, so both are enabled exactly when the command is. Ctrl+N is the accelerator of
/// `win.new-item`, which focuses the entry.
///
/// Owns the bindings from the view model to the widgets (`bag`); the widgets' own
/// events end when the window is destroyed. Binders hold widgets weakly, so the view
/// model never keeps the window alive.
final class TodoWindow {
  /// The accelerator that focuses the new-item entry.
  static let newItemAccelerator = "<Primary>n"

  let viewModel: TodoViewModel
  let window: ApplicationWindow
  let newItemEntry = Entry()
  let addButton = Button(label: "_Add")
  let filterButtons: [TodoFilter: RadioButton]
  let searchEntry = SearchEntry()
  let list = ListBox()
  let placeholder = Label()
  let countLabel = Label()
  let clearDoneButton = Button(label: "_Clear Done")
  let menuButton = MenuButton()
  let darkThemeSwitch = Switch()
  let fontSizeButton = SpinButton(
    min: Double(TodoViewModel.fontSizes.lowerBound),
    max: Double(TodoViewModel.fontSizes.upperBound), step: 1)
  /// The live list binding: its items, rows and selection.
  private(set) var rows: ListItems<TodoItem, TodoItem.ID>!
  /// The row widgets the list holds, by entry id; the list owns them.
  private var rowWidgets: [TodoItem.ID: WeakRow] = [:]
  private let bag = DisposeBag()

  /// A window in `application` whose view model asks its questions in this window's
  /// dialogs; `makeViewModel` gets the function that asks.
  convenience init(
    application: Application,
    makeViewModel: (@escaping TodoViewModel.Confirm) -> TodoViewModel
  ) {
    let window = ApplicationWindow(application: application)
    let viewModel = makeViewModel { [weak window] question in
      window?.confirm(
        question.message, detail: question.detail, confirmLabel: question.confirmLabel)
        ?? .just(false)
    }
    self.init(window: window, viewModel: viewModel)
  }

  /// Builds the window's content in `window` for `viewModel` (not shown yet).
  init(window: ApplicationWindow, viewModel: TodoViewModel) {
    self.window = window
    self.viewModel = viewModel
    var filterButtons: [TodoFilter: RadioButton] = [:]
    var group: RadioButton?
    for filter in TodoFilter.allCases {
      let button = RadioButton(radioGroupMember: group, label: filter.title)
      group = group ?? button
      filterButtons[filter] = button
    }
    self.filterButtons = filterButtons
    layOut()
    name()
    bind()
  }

  private func layOut() {
    window.title = "To-do"
    window.setDefaultSize(460, height: 560)
    let header = HeaderBar()
    header.title = "To-do"
    header.subtitle = "GtkReactive example"
    header.showCloseButton = true
    menuButton.add(Image(iconName: "open-menu-symbolic", size: .button))
    menuButton.menuModel = Gio.Menu {
      MenuEntry.section {
        MenuEntry.item("_Clear Done", action: "win.clear-done")
      }
      MenuEntry.section {
        MenuEntry.item("_Dark Theme", action: "win.dark-theme")
      }
    }
    header.packEnd(menuButton)
    window.titlebar = header

    let content = Box(orientation: .vertical, spacing: 10)
    content.borderWidth = 12

    let adding = Box(orientation: .horizontal, spacing: 6)
    newItemEntry.placeholderText = "What needs to be done? (Ctrl+N)"
    addButton.useUnderline = true
    addButton.styleContext?.addClass("suggested-action")
    adding.packStart(newItemEntry, expand: true, fill: true, padding: 0)
    adding.packStart(addButton, expand: false, fill: true, padding: 0)
    content.packStart(adding, expand: false, fill: true, padding: 0)

    let finding = Box(orientation: .horizontal, spacing: 12)
    let filters = Box(orientation: .horizontal, spacing: 0)
    filters.styleContext?.addClass("linked")
    for filter in TodoFilter.allCases {
      let button = filterButtons[filter]!
      button.drawsIndicator = false  // radio buttons drawn as a segmented control
      filters.packStart(button, expand: false, fill: true, padding: 0)
    }
    searchEntry.placeholderText = "Search titles"
    finding.packStart(filters, expand: false, fill: true, padding: 0)
    finding.packEnd(searchEntry, expand: true, fill: true, padding: 0)
    content.packStart(finding, expand: false, fill: true, padding: 0)

    placeholder.styleContext?.addClass("dim-label")
    placeholder.margin = 24
    placeholder.show()
    list.setPlaceholder(placeholder)
    list.selectionMode = .none
    let scroller = ScrolledWindow()
    scroller.setPolicy(.never, vscrollbarPolicy: .automatic)
    scroller.shadowType = .in
    scroller.add(list)
    content.packStart(scroller, expand: true, fill: true, padding: 0)

    let status = Box(orientation: .horizontal, spacing: 6)
    countLabel.xalign = 0
    clearDoneButton.useUnderline = true
    status.packStart(countLabel, expand: true, fill: true, padding: 0)
    status.packEnd(clearDoneButton, expand: false, fill: true, padding: 0)
    content.packStart(status, expand: false, fill: true, padding: 0)

    let appearance = Box(orientation: .horizontal, spacing: 6)
    let darkCaption = caption("_Dark theme", for: darkThemeSwitch)
    let sizeCaption = caption("Text _size", for: fontSizeButton)
    darkThemeSwitch.valign = .center
    appearance.packStart(darkCaption, expand: false, fill: true, padding: 0)
    appearance.packStart(darkThemeSwitch, expand: false, fill: true, padding: 0)
    appearance.packEnd(fontSizeButton, expand: false, fill: true, padding: 0)
    appearance.packEnd(sizeCaption, expand: false, fill: true, padding: 0)
    content.packStart(appearance, expand: false, fill: true, padding: 0)
    window.add(content)
  }

  /// Accessible names for screen readers and UI tests.
  private func name() {
    newItemEntry.accessibleName = "New to-do"
    addButton.accessibleName = "Add"
    for (filter, button) in filterButtons { button.accessibleName = "Show \(filter.title)" }
    searchEntry.accessibleName = "Search"
    list.accessibleName = "To-dos"
    countLabel.accessibleName = "Items left"
    clearDoneButton.accessibleName = "Clear Done"
    menuButton.accessibleName = "Menu"
    darkThemeSwitch.accessibleName = "Dark theme"
    fontSizeButton.accessibleName = "Text size"
  }

  private func bind() {
    let viewModel = viewModel

    // The new entry: typing writes the title; adding empties the field.
    newItemEntry.rx.text.values.bind(to: viewModel.newTitle).disposed(by: bag)
    viewModel.newTitle.signal.bind(to: newItemEntry.rx.text).disposed(by: bag)
    window.addAction("add", command: viewModel.add).disposed(by: bag)
    addButton.actionName = "win.add"
    newItemEntry.rx.activate.subscribe(next: { viewModel.add.execute() }).disposed(by: bag)
    let entry = newItemEntry
    let focusEntry = Command<Void, Void, Never> { [weak entry] in
      entry?.grabFocus()
      return .empty()
    }
    window.addAction("new-item", command: focusEntry, accelerators: [Self.newItemAccelerator])
      .disposed(by: bag)

    // Filter and search.
    for (filter, button) in filterButtons {
      button.rx.isActive.values.filter { $0 }.map { _ in filter }
        .bind(to: viewModel.filter).disposed(by: bag)
      viewModel.filter.signal.filter { $0 == filter }.map { _ in true }
        .bind(to: button.rx.isActive).disposed(by: bag)
    }
    searchEntry.rx.text.values.bind(to: viewModel.searchText).disposed(by: bag)

    // The list: one row per visible entry, kept by id.
    rows = viewModel.visibleItems.signal.bind(
      to: list.rx.items(
        row: { [weak self] (item: TodoItem) -> TodoRow in
          let row = Self.makeRow(for: item, viewModel: viewModel)
          self?.rowWidgets[item.id] = WeakRow(row)
          return row
        },
        update: { row, item in row.show(item) }))
    bag.insert(rows)
    viewModel.placeholder.signal.bind(to: placeholder.rx.label).disposed(by: bag)
    viewModel.remainingText.signal.bind(to: countLabel.rx.label).disposed(by: bag)

    // Clear Done: one action for the button and the menu item.
    window.addAction("clear-done", command: viewModel.clearDone).disposed(by: bag)
    clearDoneButton.actionName = "win.clear-done"

    // Appearance: the dark theme (a switch and a menu item) and the font size.
    window.addToggleAction("dark-theme", state: viewModel.prefersDarkTheme).disposed(by: bag)
    darkThemeSwitch.rx.isActive.changes.bind(to: viewModel.prefersDarkTheme).disposed(by: bag)
    viewModel.prefersDarkTheme.signal.bind(to: darkThemeSwitch.rx.isActive).disposed(by: bag)
    if let settings = Settings.default {
      viewModel.prefersDarkTheme.signal
        .bind(to: settings.rx.gtkApplicationPreferDarkTheme).disposed(by: bag)
    }
    fontSizeButton.rx.value.changes.map { Int($0) }
      .bind(to: viewModel.fontSize).disposed(by: bag)
    viewModel.fontSize.signal.map(Double.init)
      .bind(to: fontSizeButton.rx.value).disposed(by: bag)
    viewModel.fontSize.signal.map(Self.styleSheet)
      .bind(to: list.rx.styleSheet).disposed(by: bag)
  }

  /// The row widget showing the entry `id`, while the list shows it.
  func row(for id: TodoItem.ID) -> TodoRow? {
    rowWidgets = rowWidgets.filter { $0.value.row != nil }
    return rowWidgets[id]?.row
  }

  /// The list's CSS for a font size: the rows' titles inherit it, the rest of the
  /// window keeps the theme's size.
  static func styleSheet(fontSize: Int) -> String {
    "list { font-size: \(fontSize)pt; }"
  }

  /// A row for `item` whose check box and delete button act on the entry's id.
  private static func makeRow(for item: TodoItem, viewModel: TodoViewModel) -> TodoRow {
    let row = TodoRow.make(for: item)
    let id = item.id
    // Not disposed by hand: these end when the row's widgets are finalized, after the
    // binding drops the row.
    row.check.rx.isActive.changes.subscribe(next: { viewModel.setDone($0, for: id) })
    row.deleteButton.rx.clicked.subscribe(next: { viewModel.remove(id) })
    return row
  }
}

/// A row widget the list owns, referred to without keeping it.
private struct WeakRow {
  weak var row: TodoRow?
  init(_ row: TodoRow) { self.row = row }
}

/// A caption whose mnemonic (Alt+letter) focuses `widget` and labels it for assistive
/// technologies.
private func caption(_ text: String, for widget: Widget) -> Label {
  let label = Label(mnemonic: text)
  label.mnemonicWidget = widget
  return label
}
