// Accessible children for a widget that paints its own items: a virtual list, a canvas.
import CGtk
import Reactive

/// One item a widget paints itself, as assistive technologies see it: a child of the
/// widget's accessible object with a name, a role and a selected state.
public struct AccessibleItem: Hashable, Sendable {
  /// Identifies the item across updates (a row number, a record's id): an item whose id
  /// stays keeps its accessible object, so a screen reader's place in the list survives.
  public var id: Int
  /// What a screen reader reads for it (a file name).
  public var name: String
  /// What kind of item it is.
  public var role: AccessibleRole
  /// Whether it is selected.
  public var isSelected: Bool

  /// An item with `id`, announced as `name`.
  public init(id: Int, name: String, role: AccessibleRole = .listItem, isSelected: Bool = false) {
    self.id = id
    self.name = name
    self.role = role
    self.isSelected = isSelected
  }
}

/// The accessible children of a widget that draws its items itself.
///
/// GTK gives a screen reader one accessible object per widget; a `DrawingArea` that paints
/// a row of thumbnails is one opaque "drawing area". Writing children for it in C means
/// subclassing `AtkObject`; this type does that once, so an app supplies its items as
/// Swift values: give the widget its items when it is created, then keep `items` to what
/// it shows (only the visible ones for a virtual list), `focusedID` to the item the
/// keyboard is on, and `frame` to where each item is drawn.
///
/// ```swift
/// let cells = AccessibleItems()
/// let canvas = DrawingArea(accessibleItems: cells)
/// cells.frame = { id in layout.frame(ofRow: id) }
/// cells.items = visibleRows.map { AccessibleItem(id: $0, name: names[$0], isSelected: $0 == selected) }
/// cells.activations.subscribe(next: { row in select(row) })
/// ```
///
/// The widget's accessible object reports the items as its children (after any it has of
/// its own) with the state `manages-descendants`, as GTK's tree view does: each child has
/// its name and role, the states `selectable`, `focusable`, `selected` (from the item),
/// `focused` (the `focusedID` item while the widget has the keyboard focus) and `showing`
/// (it has a frame), its extents, and one action, "activate". Changes are announced:
/// children added and removed, names, the selected and focused states, and the active
/// descendant when the focused item moves. Nothing is built until an assistive technology
/// asks: without one, setting `items` costs a comparison of the arrays.
///
/// The widget keeps its `AccessibleItems` alive; the items end with the widget.
public final class AccessibleItems {
  /// The items, in order. Setting a value equal to the current one does nothing.
  public var items: [AccessibleItem] = [] {
    didSet {
      guard items != oldValue else { return }
      positions = Dictionary(
        items.enumerated().map { ($0.element.id, $0.offset) },
        uniquingKeysWith: { first, _ in first })
      itemsChanged(from: oldValue)
    }
  }

  /// The item the keyboard is on (the active descendant), or `nil`; it is `focused`
  /// while the widget has the focus.
  public var focusedID: Int? {
    didSet {
      guard focusedID != oldValue else { return }
      focusChanged(from: oldValue)
    }
  }

  /// Where item `id` is drawn, in the widget's coordinates (`nil` when it is not on
  /// screen): what a screen reader highlights and what a click by an assistive technology
  /// hits.
  public var frame: (Int) -> (x: Int, y: Int, width: Int, height: Int)? = { _ in nil }

  /// The ids of items an assistive technology activated (their "activate" action):
  /// do what a click on the item does.
  public var activations: Signal<Int, Never> { activated.signal }

  private let activated = PublishSubject<Int, Never>()
  /// Each item's position in `items`, by id.
  private var positions: [Int: Int] = [:]
  /// The accessible objects made so far, by item id.
  private var children: [Int: UnsafeMutablePointer<AtkObject>] = [:]
  /// The widget drawn on, until it is finalized.
  private(set) var widget: UnsafeMutablePointer<GtkWidget>?
  /// Whether an assistive technology has asked for the children: until then nothing is
  /// built and no change is announced.
  private var isObserved = false

  /// Items for a widget made with `init(accessibleItems:)`.
  public init() {}

  /// The accessible object of item `id` if one was made (for tests), `nil` otherwise.
  public func accessibleObject(ofItem id: Int) -> UnsafeMutableRawPointer? {
    children[id].map { UnsafeMutableRawPointer($0) }
  }

  // MARK: Attachment

  /// Becomes the items of `widget`, which keeps this object alive until it is finalized.
  func attach(to widget: Widget) {
    precondition(self.widget == nil, "GtkReactive: AccessibleItems already belong to a widget")
    let raw = widget.pointer(as: GtkWidget.self)
    self.widget = raw
    AccessibleItemTypes.setItems(self, of: raw)
  }

  /// The widget is being finalized: its accessible children end.
  func detach() {
    widget = nil
    for (_, child) in children { drop(child) }
    children = [:]
    activated.sendCompleted()
  }

  // MARK: What the accessible objects ask

  /// How many items the widget's accessible object reports; marks the items observed.
  var count: Int {
    isObserved = true
    return items.count
  }

  /// The accessible object of the item at `position`, made on first use (a reference the
  /// caller owns), or `nil` out of range.
  func refChild(at position: Int) -> UnsafeMutablePointer<AtkObject>? {
    isObserved = true
    guard items.indices.contains(position), let child = child(for: items[position]) else {
      return nil
    }
    g_object_ref(UnsafeMutableRawPointer(child))
    return child
  }

  /// The position of item `id` among the items.
  func position(of id: Int) -> Int? { positions[id] }

  /// The state set of item `id` (a new set the caller owns).
  func states(of id: Int) -> UnsafeMutablePointer<AtkStateSet> {
    let set = atk_state_set_new()!
    guard let position = positions[id], let widget else {
      atk_state_set_add_state(set, ATK_STATE_DEFUNCT)
      return set
    }
    let item = items[position]
    var states = [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SELECTABLE]
    states.append(ATK_STATE_FOCUSABLE)
    if item.isSelected { states.append(ATK_STATE_SELECTED) }
    if gtk_widget_get_mapped(widget) != 0, frame(id) != nil { states.append(ATK_STATE_SHOWING) }
    if focusedID == id, gtk_widget_has_focus(widget) != 0 { states.append(ATK_STATE_FOCUSED) }
    for state in states { atk_state_set_add_state(set, state) }
    return set
  }

  /// An assistive technology activated item `id`.
  func activate(_ id: Int) {
    guard positions[id] != nil else { return }
    activated.send(id)
  }

  /// An assistive technology asked to focus item `id`: the widget takes the focus.
  func grabFocus(_ id: Int) -> Bool {
    guard positions[id] != nil, let widget else { return false }
    gtk_widget_grab_focus(widget)
    return true
  }

  // MARK: Announcing changes

  private func child(for item: AccessibleItem) -> UnsafeMutablePointer<AtkObject>? {
    if let child = children[item.id] { return child }
    guard let widget, let parent = gtk_widget_get_accessible(widget) else { return nil }
    let child = AccessibleItemTypes.newItemObject(owner: self, id: item.id)
    atk_object_set_parent(child, parent)
    atk_object_set_role(child, item.role.atk)
    atk_object_set_name(child, item.name)
    children[item.id] = child
    return child
  }

  private func drop(_ child: UnsafeMutablePointer<AtkObject>) {
    AccessibleItemTypes.forget(child)
    atk_object_notify_state_change(child, AtkState(ATK_STATE_DEFUNCT.rawValue), 1)
    g_object_unref(UnsafeMutableRawPointer(child))
  }

  /// Tells assistive technologies what changed between `old` and `items`.
  private func itemsChanged(from old: [AccessibleItem]) {
    guard isObserved, let widget, let parent = gtk_widget_get_accessible(widget) else { return }
    let base = atk_object_get_n_accessible_children(parent) - Int32(items.count)
    var oldItems: [Int: (offset: Int, item: AccessibleItem)] = [:]
    for (offset, item) in old.enumerated() { oldItems[item.id] = (offset, item) }
    // Removed, last first, so each index is the child's position at that moment.
    for (offset, item) in old.enumerated().reversed() where positions[item.id] == nil {
      guard let child = children.removeValue(forKey: item.id) else { continue }
      AccessibleItemSignals.childrenChanged(parent, "remove", index: base + Int32(offset), child)
      drop(child)
    }
    for (offset, item) in items.enumerated() {
      guard let previous = oldItems[item.id]?.item else {
        if let child = child(for: item) {
          AccessibleItemSignals.childrenChanged(parent, "add", index: base + Int32(offset), child)
        }
        continue
      }
      guard previous != item, let child = children[item.id] else { continue }
      if previous.name != item.name { atk_object_set_name(child, item.name) }
      if previous.role != item.role { atk_object_set_role(child, item.role.atk) }
      if previous.isSelected != item.isSelected {
        atk_object_notify_state_change(
          child, AtkState(ATK_STATE_SELECTED.rawValue), item.isSelected ? 1 : 0)
      }
    }
  }

  /// Moves the focused state and the active descendant.
  private func focusChanged(from old: Int?) {
    guard isObserved, let widget, gtk_widget_has_focus(widget) != 0,
      let parent = gtk_widget_get_accessible(widget)
    else { return }
    if let old, let child = children[old] {
      atk_object_notify_state_change(child, AtkState(ATK_STATE_FOCUSED.rawValue), 0)
    }
    guard let focusedID, let position = positions[focusedID],
      let child = child(for: items[position])
    else { return }
    atk_object_notify_state_change(child, AtkState(ATK_STATE_FOCUSED.rawValue), 1)
    AccessibleItemSignals.activeDescendantChanged(parent, child)
  }
}

extension Widget {
  /// A new widget of this class whose accessible object has `accessibleItems` as its
  /// children (see `AccessibleItems`).
  ///
  /// The widget is an instance of a subclass GtkReactive registers once per widget class
  /// (`GtkReactiveItems_GtkDrawingArea`): GTK picks a widget's accessible type by its
  /// class. It behaves as its class in every other way.
  ///
  /// - Precondition: `accessibleItems` belongs to no other widget.
  public convenience init(accessibleItems: AccessibleItems) {
    let type = AccessibleItemTypes.widgetType(deriving: Self.gType)
    self.init(retaining: Object.newInstance(of: type, properties: []))
    accessibleItems.attach(to: self)
  }
}
