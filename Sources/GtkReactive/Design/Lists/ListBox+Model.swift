// List and flow boxes that show a GListModel: GTK keeps the rows in step with the model.
import CGtk

extension Gio.ListStore {
  /// An empty store of items of `itemType` (`g_list_store_new`): the model of objects,
  /// such as instances of a class declared in Swift, that a list box shows.
  public convenience init(itemType: GType) {
    self.init(takingOwnership: UnsafeMutableRawPointer(g_list_store_new(itemType))!)
  }

  /// An empty store of `Item`s.
  public convenience init<Item: Object>(of itemType: Item.Type) {
    self.init(itemType: Item.gType)
  }

  /// The item at `position` as `Item`, or `nil` past the end or for another type.
  public func item<Item: Object>(at position: Int, as type: Item.Type = Item.self) -> Item? {
    guard position >= 0, let raw = g_list_model_get_item(opaque, guint(position)) else {
      return nil
    }
    defer { g_object_unref(raw) }
    return Object.wrap(raw, as: Item.self)
  }
}

extension ListBox {
  /// Shows `model`'s items as rows that `makeRow` makes (`gtk_list_box_bind_model`):
  /// GTK adds, removes and reorders rows as the model changes, until `unbindModel()`
  /// or another binding.
  ///
  /// Items are handed to `makeRow` as `Item` (an item of another type gets no row and a
  /// message). `makeRow` should not capture the list box strongly.
  public func bind<Item: Object>(
    model: some ListModel, as itemType: Item.Type = Item.self,
    makeRow: @escaping (Item) -> Widget
  ) {
    let (data, create, destroy) = ModelRowFactory.rows(makeRow).callbacks
    gtk_list_box_bind_model(
      UnsafeMutablePointer<GtkListBox>(opaque), OpaquePointer(model.pointer), create, data,
      destroy)
  }

  /// Stops showing a bound model and removes its rows.
  public func unbindModel() {
    gtk_list_box_bind_model(UnsafeMutablePointer<GtkListBox>(opaque), nil, nil, nil, nil)
  }
}

extension FlowBox {
  /// Shows `model`'s items as children that `makeChild` makes
  /// (`gtk_flow_box_bind_model`), kept in step with the model as for a list box.
  public func bind<Item: Object>(
    model: some ListModel, as itemType: Item.Type = Item.self,
    makeChild: @escaping (Item) -> Widget
  ) {
    let (data, create, destroy) = ModelRowFactory.rows(makeChild).callbacks
    gtk_flow_box_bind_model(
      UnsafeMutablePointer<GtkFlowBox>(opaque), OpaquePointer(model.pointer), create, data,
      destroy)
  }

  /// Stops showing a bound model and removes its children.
  public func unbindModel() {
    gtk_flow_box_bind_model(UnsafeMutablePointer<GtkFlowBox>(opaque), nil, nil, nil, nil)
  }
}

/// Turns a typed row closure into the factory GTK calls.
enum ModelRowFactory {
  static func rows<Item: Object>(_ makeRow: @escaping (Item) -> Widget) -> ModelRows {
    ModelRows { item in
      nonisolated(unsafe) let item = item
      let address = MainActor.assumeIsolated {
        let row: Widget
        if let typed = Object.wrap(item, as: Item.self) {
          row = makeRow(typed)
        } else {
          let name = String(cString: cgtk_object_type_name(item))
          row = Label("\(name) is not a \(Item.self)")
        }
        // A new reference for GTK, which takes it.
        return UInt(bitPattern: g_object_ref(row.pointer))
      }
      return UnsafeMutableRawPointer(bitPattern: address)!
    }
  }
}
