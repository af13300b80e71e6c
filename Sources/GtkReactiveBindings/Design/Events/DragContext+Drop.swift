// What a drop site does with a drag: answer its motion, ask for its data, finish it.
import CGtk

extension DragContext {
  /// The forms the drag's source offers its data in, as target names
  /// (`"text/uri-list"`, `"UTF8_STRING"`, `"image/png"`).
  public var targets: [String] {
    var names: [String] = []
    var node = gdk_drag_context_list_targets(opaque)
    while let current = node {
      names.append(Atoms.name(GdkAtom(current.pointee.data)))
      node = current.pointee.next
    }
    return names
  }

  /// Tells the source what a drop here would do: `.copy`, `.move`, `.link`, or `[]` when
  /// this site refuses the drag. What a `drag-motion` handler that claims the motion
  /// (`emission.result = true`) must do, with the motion's `time`.
  public func status(_ action: DragAction, time: Int) {
    gdk_drag_status(
      opaque, GdkDragAction(rawValue: action.rawValue), guint32(truncatingIfNeeded: time))
  }

  /// Ends a drop at the destination, once its data has arrived (or cannot): whether it
  /// succeeded, and whether the source should now delete its data (a move). What a site
  /// that handles its drops must do, with the `time` of `drag-data-received`.
  public func finish(success: Bool, deleteSource: Bool = false, time: Int) {
    gtk_drag_finish(
      opaque, success ? 1 : 0, deleteSource ? 1 : 0, guint32(truncatingIfNeeded: time))
  }
}

extension Widget {
  /// Makes the widget a drop site for data in the forms `targets` (`"text/uri-list"`,
  /// `"UTF8_STRING"`, in order of preference) and the `actions` it accepts; `defaults`
  /// says which steps GTK takes for it (`.motion` answers motions, `.highlight` draws
  /// the site while a drag hovers it, `.drop` asks for the data and finishes the drop),
  /// and the widget's `rx.dragMotion`, `rx.dragDrop` and `rx.dragDataReceived` handle
  /// the rest. `dragDestUnset()` undoes it.
  ///
  /// ```swift
  /// area.dragDestSet([.highlight], targets: ["text/uri-list"], actions: .copy)
  /// area.rx.dragDrop.subscribe(next: { drop in
  ///   let (context, _, _, time) = drop.arguments
  ///   area.dragGetData(context, target: "text/uri-list", time: time)
  ///   drop.result = true
  /// })
  /// ```
  ///
  /// For files, `rx.droppedURIs` does all of it.
  public func dragDestSet(_ defaults: DestDefaults, targets: [String], actions: DragAction) {
    let widget = pointer(as: GtkWidget.self)
    let gtkDefaults = GtkDestDefaults(rawValue: defaults.rawValue)
    let gtkActions = GdkDragAction(rawValue: actions.rawValue)
    gtk_drag_dest_set(widget, gtkDefaults, nil, 0, gtkActions)
    // GTK keeps a site's defaults private; `rx.droppedURIs` needs them.
    DropSiteDefaults.record(gtkDefaults, gtkActions, on: pointer)
    let list = gtk_target_list_new(nil, 0)
    defer { gtk_target_list_unref(list) }
    for (index, target) in targets.enumerated() {
      gtk_target_list_add(list, gdk_atom_intern(target, 0), 0, guint(index))
    }
    gtk_drag_dest_set_target_list(widget, list)
  }

  /// The form, among those the drag offers, that this drop site prefers (the first of its
  /// targets that the drag has), or `nil` when it takes none of them.
  public func dragDestFindTarget(_ context: DragContext) -> String? {
    Atoms.optionalName(gtk_drag_dest_find_target(pointer(as: GtkWidget.self), context.opaque, nil))
  }
}
