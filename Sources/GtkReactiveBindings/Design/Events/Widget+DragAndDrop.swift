// Files dragged in and out of a widget: text/uri-list drops and drag sources as URI lists.
import CGtk
import Reactive

extension Reactive where Base: Widget {
  /// Makes the widget take drops of files while subscribed: sends the URIs of every drop
  /// of files or folders from a file manager or another application (`text/uri-list`).
  /// Disposing the last subscription of the widget undoes it; destroying the widget
  /// completes the signal.
  ///
  /// On a widget that is no drop site, GTK handles the drag (`gtk_drag_dest_set` with the
  /// URI targets, copying): it highlights the widget while files hover it and finishes
  /// the drop. A widget that is a drop site of its own — a `TextView`, an `Entry` — keeps
  /// its targets and its own handling of the drags it takes (text dragged into an editor
  /// is still inserted); `text/uri-list` goes first in its list, and a drag that offers it
  /// is taken here instead: accepted wherever it hovers (a read-only view too), its URIs
  /// sent, the drop finished, and the widget's own `drag-data-received` not run (a file
  /// manager also offers the URIs as text, which the editor would otherwise insert).
  ///
  /// GTK gives a drop to the innermost drop site under the pointer, so a file dropped
  /// over an editor never reaches its window. A window that takes files anywhere
  /// subscribes on the window and on each such site, and merges:
  ///
  /// ```swift
  /// Signal.merge([window.rx.droppedURIs, editor.rx.droppedURIs])
  ///   .subscribe(next: { viewModel.importFiles($0) })
  /// ```
  public var droppedURIs: Signal<[String], Never> {
    let target = WeakObjectRef.shared(base.pointer)
    return Signal { observer in
      onMainThread {
        guard let site = target.withObject({ URIDropSite.attach(to: $0) }) else {
          observer.sendCompleted()
          return Disposables.empty
        }
        let subscription = site.drops.signal.subscribe(observer)
        return AnyDisposable {
          subscription.dispose()
          MainThread.run { MainActor.assumeIsolated { site.detach() } }
        }
      }
    }
  }
}

/// A widget taking file drops for its `droppedURIs` subscriptions: installed by the first,
/// removed with the last (or when the widget is destroyed).
///
/// Three kinds of widget, handled three ways:
/// - no drop site: made one, with GTK's default handling and the URI targets, copying;
/// - a site with GTK's default handling (`gtk_drag_dest_set` with `.motion` and `.drop`:
///   GtkWindow's own on X11, or one `Widget.dragDestSet` made): remade with `text/uri-list`
///   first, copying added to its actions and highlighting, and restored at the end;
/// - a site whose class handles its drags (`TextView`, `Entry`: no default motion or
///   drop): `text/uri-list` put first in its list, and URI drags taken over from its class
///   handlers.
/// A URI drop is always a copy: the source never deletes what was dropped here.
@MainActor
private final class URIDropSite {
  /// The sites of the widgets with subscriptions, by widget.
  private static var sites: [UnsafeMutableRawPointer: URIDropSite] = [:]
  /// `text/uri-list`.
  private static let uriList = gdk_atom_intern("text/uri-list", 0)

  /// What the widget was before, to restore.
  private enum Kind {
    /// No drop site.
    case made
    /// A site with GTK's default handling: its defaults, actions and target list.
    case remade(defaults: GtkDestDefaults, actions: GdkDragAction, targets: OpaquePointer)
    /// A site handled by its class; whether `text/uri-list` was added to its list.
    case takenOver(addedTarget: Bool)
  }

  /// The URIs of each drop, for every subscription of the widget.
  let drops = PublishSubject<[String], Never>()
  private let widget: UnsafeMutableRawPointer
  private let target: WeakObjectRef
  private let kind: Kind
  private var subscriptions = 0
  private var connections: [Disposable] = []

  /// The site of `widget`, installed if it has none yet, with one more subscription.
  static func attach(to widget: UnsafeMutableRawPointer) -> URIDropSite {
    let site = sites[widget] ?? URIDropSite(widget)
    sites[widget] = site
    site.subscriptions += 1
    return site
  }

  private init(_ widget: UnsafeMutableRawPointer) {
    self.widget = widget
    target = WeakObjectRef.shared(widget)
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    if let list = gtk_drag_dest_get_target_list(gtkWidget) {
      if let (defaults, actions) = DropSiteDefaults.of(gtkWidget, targets: list) {
        gtk_target_list_ref(list)
        kind = .remade(defaults: defaults, actions: actions, targets: list)
        gtk_drag_dest_set(
          gtkWidget, GtkDestDefaults(defaults.rawValue | GTK_DEST_DEFAULT_ALL.rawValue), nil, 0,
          GdkDragAction(actions.rawValue | GDK_ACTION_COPY.rawValue))
        Self.setTargets(of: gtkWidget, uriListFirstThen: list)
      } else {
        let added = gtk_target_list_find(list, Self.uriList, nil) == 0
        if added { Self.setTargets(of: gtkWidget, uriListFirstThen: list) }
        kind = .takenOver(addedTarget: added)
      }
    } else {
      gtk_drag_dest_set(gtkWidget, GTK_DEST_DEFAULT_ALL, nil, 0, GDK_ACTION_COPY)
      gtk_drag_dest_add_uri_targets(gtkWidget)
      kind = .made
    }
    connect(Widget(retaining: widget))
  }

  private func connect(_ object: Widget) {
    let takenOver = if case .takenOver = kind { true } else { false }
    connections.append(
      object.rx.destroyed.subscribe(completed: { [drops] in drops.sendCompleted() }))
    connections.append(
      Self.connect(object, WidgetKeys.shared.dragDataReceivedSignal) {
        [drops] instance, arguments, _ in
        // (widget, context, x, y, selection data, info, time)
        guard let data = arguments.pointer(4),
          gtk_selection_data_get_target(OpaquePointer(data)) == Self.uriList
        else { return }
        let uris = DragAndDrop.uris(in: data)
        if !uris.isEmpty { drops.send(uris) }
        guard takenOver else { return }  // GTK's default handling finishes the drop
        let context = OpaquePointer(g_value_get_object(arguments.value(1)))
        gtk_drag_finish(context, uris.isEmpty ? 0 : 1, 0, guint32(arguments.integer(6)))
        // The class handler would read the list as text: a text view inserts nothing but
        // finishes the drop again, an entry finishes it as failed.
        g_signal_stop_emission_by_name(instance, "drag-data-received")
      })
    if case .made = kind { return }
    connections.append(
      Self.connect(object, WidgetKeys.shared.dragMotionSignal) { instance, arguments, result in
        // (widget, context, x, y, time) -> handled. After GTK's default motion, if any:
        // the status set last counts, and a URI drop is a copy.
        guard let context = Self.uriDrag(instance, arguments) else { return }
        let offered = gdk_drag_context_get_actions(context).rawValue
        let action =
          offered & GDK_ACTION_COPY.rawValue != 0
          ? GDK_ACTION_COPY : gdk_drag_context_get_suggested_action(context)
        gdk_drag_status(context, action, guint32(arguments.integer(4)))
        // Claimed: the class's own motion handler (which may refuse) does not run.
        if takenOver, let result { g_value_set_boolean(result, 1) }
      })
    guard takenOver else { return }
    connections.append(
      Self.connect(object, WidgetKeys.shared.dragDropSignal) { instance, arguments, result in
        guard let context = Self.uriDrag(instance, arguments) else { return }
        gtk_drag_get_data(
          instance.assumingMemoryBound(to: GtkWidget.self), context, Self.uriList,
          guint32(arguments.integer(4)))
        if let result { g_value_set_boolean(result, 1) }  // claimed, as the motion
      })
  }

  /// One subscription fewer; the last removes what `attach` installed.
  func detach() {
    subscriptions -= 1
    guard subscriptions == 0 else { return }
    Self.sites[widget] = nil
    connections.forEach { $0.dispose() }
    connections = []
    target.withObject { widget in
      let widget = widget.assumingMemoryBound(to: GtkWidget.self)
      switch kind {
      case .made:
        gtk_drag_dest_unset(widget)
      case .remade(let defaults, let actions, let targets):
        gtk_drag_dest_set(widget, defaults, nil, 0, actions)
        gtk_drag_dest_set_target_list(widget, targets)
      case .takenOver(let added):
        if added, let list = gtk_drag_dest_get_target_list(widget) {
          gtk_target_list_remove(list, Self.uriList)
        }
      }
    }
    if case .remade(_, _, let targets) = kind { gtk_target_list_unref(targets) }
  }

  /// The context of a motion or drop whose best target at this site is a URI list.
  private static func uriDrag(
    _ instance: UnsafeMutableRawPointer, _ arguments: GValueArguments
  ) -> OpaquePointer? {
    let context = OpaquePointer(g_value_get_object(arguments.value(1)))
    let best = gtk_drag_dest_find_target(
      instance.assumingMemoryBound(to: GtkWidget.self), context, nil)
    return best == uriList ? context : nil
  }

  /// Gives the site a target list that starts with `text/uri-list`, then has the targets
  /// of `list` (with their flags and the numbers the widget gave them).
  private static func setTargets(
    of widget: UnsafeMutablePointer<GtkWidget>, uriListFirstThen list: OpaquePointer
  ) {
    var count: Int32 = 0
    let table = gtk_target_table_new_from_list(list, &count)
    defer { if let table { gtk_target_table_free(table, count) } }
    let targets = gtk_target_list_new(table, guint(count))
    defer { gtk_target_list_unref(targets) }
    // add_table puts its entries in front (add_uri_targets would append).
    let name = strdup("text/uri-list")
    defer { free(name) }
    var entry = GtkTargetEntry(target: name, flags: 0, info: 0)
    gtk_target_list_add_table(targets, &entry, 1)
    gtk_drag_dest_set_target_list(widget, targets)
  }

  /// Connects `handle` to `signal` of `widget` through GValues, with the instance, the
  /// arguments and the return value to set.
  private static func connect(
    _ widget: Widget, _ signal: SignalKey,
    _ handle:
      @escaping (UnsafeMutableRawPointer, GValueArguments, UnsafeMutablePointer<GValue>?) ->
      Void
  ) -> Disposable {
    let connection: Signal<Void, Never> = widget.rx.connect(signal) { instance, _ in
      .values { _, arguments, result in handle(instance, arguments, result) }
    }
    return connection.subscribe()
  }
}

/// The defaults of drop sites GTK handles by default (`gtk_drag_dest_set` with `.motion`
/// or `.drop`): GTK keeps them private, so they are known here from where they are made.
enum DropSiteDefaults {
  /// Marks a site `Widget.dragDestSet` made: its defaults in the low 32 bits, its actions
  /// in the high ones.
  static let recorded = g_quark_from_string("gtkreactive-drag-dest-defaults")

  /// The defaults and actions of `widget`'s site with target list `targets`, when GTK
  /// handles it by default; `nil` for a site whose class handles its drags.
  static func of(
    _ widget: UnsafeMutablePointer<GtkWidget>, targets: OpaquePointer
  ) -> (GtkDestDefaults, GdkDragAction)? {
    let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
    if let packed = g_object_get_qdata(object, recorded) {
      let bits = UInt(bitPattern: Int(bitPattern: packed))
      let defaults = GtkDestDefaults(UInt32(truncatingIfNeeded: bits))
      let handledByGTK = GTK_DEST_DEFAULT_MOTION.rawValue | GTK_DEST_DEFAULT_DROP.rawValue
      guard defaults.rawValue & handledByGTK != 0 else { return nil }
      return (defaults, GdkDragAction(UInt32(truncatingIfNeeded: bits >> 32)))
    }
    // gtk_window_init on X11: GTK_DEST_DEFAULT_MOTION | GTK_DEST_DEFAULT_DROP, the one
    // target application/x-rootwindow-drop (a notebook tab dropped out of its notebook),
    // GDK_ACTION_MOVE.
    if cgtk_is_a(UnsafeMutableRawPointer(widget), gtk_window_get_type()) != 0,
      gtk_target_list_find(targets, gdk_atom_intern("application/x-rootwindow-drop", 0), nil)
        != 0
    {
      return (
        GtkDestDefaults(GTK_DEST_DEFAULT_MOTION.rawValue | GTK_DEST_DEFAULT_DROP.rawValue),
        GDK_ACTION_MOVE
      )
    }
    return nil
  }

  /// Records the defaults and actions of a site made from Swift.
  static func record(
    _ defaults: GtkDestDefaults, _ actions: GdkDragAction, on widget: UnsafeMutableRawPointer
  ) {
    let bits = UInt(defaults.rawValue) | UInt(actions.rawValue) << 32
    g_object_set_qdata(
      widget.assumingMemoryBound(to: GObject.self), recorded,
      UnsafeMutableRawPointer(bitPattern: bits))
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
    startingWith buttons: ModifierType? = .button1, _ uris: @escaping () -> [String]
  ) -> Disposable {
    let widget = pointer(as: GtkWidget.self)
    if let buttons {
      gtk_drag_source_set(
        widget, GdkModifierType(buttons.rawValue), nil, 0, GDK_ACTION_COPY)
      gtk_drag_source_add_uri_targets(widget)
    }
    let target = WeakObjectRef.shared(pointer)
    let provided = rx.connect(WidgetKeys.dragDataGet) { (_, _: Observer<Void, Never>) in
      .values { _, arguments, _ in
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

/// The hand-written key of `GtkWidget`'s `drag-data-get`, which the generator leaves out
/// (its handler fills in the `GtkSelectionData`).
extension WidgetKeys {
  static let dragDataGet = SignalKey("drag-data-get", owner: gtk_widget_get_type)
}
