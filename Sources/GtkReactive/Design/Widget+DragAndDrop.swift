// Files dragged in and out of a widget: text/uri-list drops and drag sources as URI lists.
import CGtk
import Reactive

extension Reactive where Base: Widget {
  /// Makes the widget a drop target for files while subscribed (`gtk_drag_dest_set` with
  /// the URI targets, copying): sends the URIs of every drop of files or folders from a
  /// file manager or another application (`text/uri-list`). GTK highlights the widget
  /// while a drag hovers it and finishes the drop. Disposing unsets the target.
  public var droppedURIs: Signal<[String], Never> {
    let target = WeakObjectRef.shared(base.pointer)
    let received: Signal<[String], Never> = connect(WidgetKeys.dragDataReceived) { _, observer in
      .values { arguments, _ in
        // (widget, context, x, y, selection data, info, time)
        let uris = DragAndDrop.uris(in: arguments.pointer(4))
        if !uris.isEmpty { observer.send(uris) }
      }
    }
    return Signal { observer in
      onMainThread {
        target.withObject { widget in
          let widget = widget.assumingMemoryBound(to: GtkWidget.self)
          gtk_drag_dest_set(widget, GTK_DEST_DEFAULT_ALL, nil, 0, GDK_ACTION_COPY)
          gtk_drag_dest_add_uri_targets(widget)
        }
        let subscription = received.subscribe(observer)
        return AnyDisposable {
          subscription.dispose()
          target.withObject { gtk_drag_dest_unset($0.assumingMemoryBound(to: GtkWidget.self)) }
        }
      }
    }
  }
}

extension Widget {
  /// Makes the widget a drag source of files (`text/uri-list`, copying) until the
  /// returned disposable is disposed: a drop into a file manager, a mail or another
  /// application receives `uris()` (file URIs), asked for at the drop.
  ///
  /// With `buttons` GTK starts a drag by itself when one of them is held and the pointer
  /// moves past the drag threshold; with `nil` nothing starts by itself and the widget
  /// decides when with `beginURIDrag(button:x:y:)` (a viewer that pans on drags, say).
  public func offerDraggedURIs(
    startingWith buttons: ModifierType? = .button1Mask, _ uris: @escaping () -> [String]
  ) -> Disposable {
    let widget = pointer(as: GtkWidget.self)
    if let buttons {
      gtk_drag_source_set(
        widget, GdkModifierType(buttons.rawValue), nil, 0, GDK_ACTION_COPY)
      gtk_drag_source_add_uri_targets(widget)
    }
    let target = WeakObjectRef.shared(pointer)
    let provided = rx.connect(WidgetKeys.dragDataGet) { (_, _: Observer<Void, Never>) in
      .values { arguments, _ in
        // (widget, context, selection data, info, time)
        DragAndDrop.set(uris(), in: arguments.pointer(2))
      }
    }
    .subscribe()
    return AnyDisposable {
      provided.dispose()
      if buttons != nil {
        target.withObject { gtk_drag_source_unset($0.assumingMemoryBound(to: GtkWidget.self)) }
      }
    }
  }

  /// Starts a drag of the files `offerDraggedURIs` provides, from the point (`x`, `y`)
  /// of the widget where mouse button `button` went down; call it from the pointer's
  /// motion handler once the drag has been decided on.
  public func beginURIDrag(button: Int, x: Double, y: Double) {
    let targets = gtk_target_list_new(nil, 0)
    defer { gtk_target_list_unref(targets) }
    gtk_target_list_add_uri_targets(targets, 0)
    let event = gtk_get_current_event()
    defer { if let event { gdk_event_free(event) } }
    _ = gtk_drag_begin_with_coordinates(
      pointer(as: GtkWidget.self), targets, GDK_ACTION_COPY, Int32(clamping: button), event,
      Int32(x), Int32(y))
  }
}

/// Reading and writing the URI lists of a `GtkSelectionData`.
nonisolated enum DragAndDrop {
  /// The URIs a selection holds (`text/uri-list`), none for other data.
  static func uris(in selection: UnsafeMutableRawPointer?) -> [String] {
    guard let selection else { return [] }
    guard let list = gtk_selection_data_get_uris(OpaquePointer(selection)) else { return [] }
    defer { g_strfreev(list) }
    var uris: [String] = []
    var index = 0
    while let uri = list[index] {
      uris.append(String(cString: uri))
      index += 1
    }
    return uris
  }

  /// Puts `uris` in the selection as a `text/uri-list`.
  static func set(_ uris: [String], in selection: UnsafeMutableRawPointer?) {
    guard let selection, !uris.isEmpty else { return }
    var copies = uris.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    _ = copies.withUnsafeMutableBufferPointer { buffer in
      gtk_selection_data_set_uris(OpaquePointer(selection), buffer.baseAddress)
    }
  }
}

/// Hand-written keys of `GtkWidget`'s drag-and-drop signals (their `GtkSelectionData`
/// argument is not generated).
extension WidgetKeys {
  static let dragDataReceived = SignalKey("drag-data-received", owner: gtk_widget_get_type)
  static let dragDataGet = SignalKey("drag-data-get", owner: gtk_widget_get_type)
}
