// The Keyboard Shortcuts window (Ctrl+?), written from the action table so it cannot drift.
import GtkReactive
import ImageBrowserCore
import Reactive

/// A window listing every action that has keys, grouped as the table groups them, each
/// key as GTK's menus name it (`Page Down`, `Shift+Ctrl+R`: `Accelerator.label`).
///
/// Not a `GtkShortcutsWindow`: that one names any key it has no symbol for by its raw
/// key name (`Page_Down`, `BackSpace`, `KP_Left`) and lays its columns out in one row,
/// as wide as they come. Here the keypad's twins of listed keys are left out (they do
/// the same), keys that read the same are listed once, and the groups flow into as many
/// columns as the window's width holds, its default size fitting the monitor.
final class ShortcutsOverview {
  /// The toplevel window, titled "Keyboard Shortcuts".
  let window = Window(type: .toplevel)
  /// What each listed action shows: its title and its keys' labels, in table order.
  private(set) var rows: [(title: String, keys: [String])] = []

  private let bag = DisposeBag()

  /// A window listing `actions`, keys mirrored in a right-to-left language.
  init(actions: [BrowserAction]) {
    window.title = tr("Keyboard Shortcuts")
    window.typeHint = .dialog
    let header = HeaderBar()
    header.title = window.title
    header.showCloseButton = true
    window.titlebar = header
    let rightToLeft = Widget.defaultDirection == .rtl
    let groups = FlowBox()
    groups.selectionMode = .none
    groups.minChildrenPerLine = 1
    groups.maxChildrenPerLine = 3
    groups.columnSpacing = 36
    groups.rowSpacing = 24
    groups.valign = .start
    groups.marginTop = 24
    groups.marginBottom = 24
    groups.marginStart = 24
    groups.marginEnd = 24
    for group in BrowserAction.Group.allCases {
      let members = actions.filter { $0.group == group }
        .map { ($0.title, Self.keyLabels($0.keys(rightToLeft: rightToLeft))) }
        .filter { !$0.1.isEmpty }
      guard !members.isEmpty else { continue }
      rows += members.map { (title: $0.0, keys: $0.1) }
      groups.insert(Self.section(group.title, members), position: -1)
    }
    // The browse grid's own keys (`BrowseMode`), which are not actions of their own.
    let gridKeys = BrowseMode.keys.map { ($0.title, Self.keyLabels($0.keys)) }
    rows += gridKeys.map { (title: $0.0, keys: $0.1) }
    groups.insert(Self.section(tr("Browse grid"), gridKeys), position: -1)
    // The groups are for reading, not for choosing: no focus ring around the first.
    for child in groups.children { child.canFocus = false }
    let scroller = ScrolledWindow()
    scroller.setPolicy(.never, vscrollbarPolicy: .automatic)
    scroller.add(groups)
    window.add(scroller)
    let (width, height) = Self.defaultSize()
    window.setDefaultSize(width, height: height)
    // Kept and hidden rather than destroyed when closed, as the app keeps it.
    window.rx.deleteEvent
      .subscribe(next: { [weak window] event in
        window?.hide()
        event.stop()
      })
      .disposed(by: bag)
    window.rx.keyPressEvent
      .subscribe(next: { [weak window] event in
        guard event.arguments.name == "Escape" else { return }
        window?.hide()
        event.stop()
      })
      .disposed(by: bag)
  }

  /// Shows the window over `parent`.
  func present(over parent: Window?) {
    window.transientFor = parent
    window.showAll()
    window.present()
  }

  /// The labels of `keys` as GTK names them, the keypad's keys left out (each listed
  /// key's twin on the keypad does the same) and each label once.
  static func keyLabels(_ keys: [String]) -> [String] {
    var labels: [String] = []
    for key in keys where !KeyChord(key).key.hasPrefix("KP_") {
      guard let label = Accelerator.label(key), !labels.contains(label) else { continue }
      labels.append(label)
    }
    return labels
  }

  /// 900 × 640, or less on a smaller monitor (a 1600 × 1000 screen at scale 2 offers
  /// 800 × 500 application pixels).
  private static func defaultSize() -> (width: Int, height: Int) {
    guard let display = Display.default,
      let monitor = display.primaryMonitor ?? display.monitor(0)
    else { return (900, 640) }
    let area = monitor.workarea
    return (min(900, area.width * 9 / 10), min(640, area.height * 9 / 10 - 60))
  }

  /// A group: its heading, then one row per action, its keys as key caps, its title.
  private static func section(_ heading: String, _ members: [(String, [String])]) -> Widget {
    let grid = Grid()
    grid.columnSpacing = 12
    grid.rowSpacing = 8
    let title = Label(heading)
    title.xalign = 0
    title.styleContext?.addClass("heading")
    title.setMarkup("<b>\(heading.markupEscaped)</b>")
    grid.attach(title, left: 0, top: 0, width: 2, height: 1)
    for (row, member) in members.enumerated() {
      let keys = Box(orientation: .horizontal, spacing: 4)
      keys.halign = .end
      for (index, key) in member.1.enumerated() {
        if index > 0 {
          let separator = Label("/")
          separator.styleContext?.addClass("dim-label")
          keys.packStart(separator, expand: false, fill: false, padding: 0)
        }
        let cap = Label(key)
        cap.styleContext?.addClass("keycap")
        keys.packStart(cap, expand: false, fill: false, padding: 0)
      }
      let label = Label(member.0)
      label.xalign = 0
      label.lineWrap = true
      label.maxWidthChars = 28
      grid.attach(keys, left: 0, top: row + 1, width: 1, height: 1)
      grid.attach(label, left: 1, top: row + 1, width: 1, height: 1)
    }
    return grid
  }
}
