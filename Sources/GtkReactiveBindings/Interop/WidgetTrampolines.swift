// GTK's widget virtual methods, forwarded to widget classes declared in Swift, and the
// parent class's implementations they chain up to.
import CGtk

/// Installs and implements the `GtkWidgetClass` methods of classes declared in Swift.
nonisolated enum WidgetTrampolines {
  /// Points `widgetClass`'s methods at the trampolines below.
  static func install(_ methods: WidgetMethods, in widgetClass: UnsafeMutableRawPointer) {
    let table = widgetClass.assumingMemoryBound(to: GtkWidgetClass.self)
    table.pointee.draw = draw
    table.pointee.get_request_mode = requestMode
    table.pointee.get_preferred_width = preferredWidth
    table.pointee.get_preferred_height = preferredHeight
    table.pointee.get_preferred_width_for_height = preferredWidthForHeight
    table.pointee.get_preferred_height_for_width = preferredHeightForWidth
    // Without baseline support GTK asks `get_preferred_height_for_width`, which `measure`
    // answers; a parent's baseline method (GtkBox's) would bypass it.
    let base = g_type_class_peek(gtk_widget_get_type())!.assumingMemoryBound(
      to: GtkWidgetClass.self)
    table.pointee.get_preferred_height_and_baseline_for_width =
      base.pointee.get_preferred_height_and_baseline_for_width
    table.pointee.size_allocate = sizeAllocate
    table.pointee.realize = realize
    table.pointee.unrealize = unrealize
    table.pointee.button_press_event = buttonPress
    table.pointee.button_release_event = buttonRelease
    table.pointee.key_press_event = keyPress
    table.pointee.key_release_event = keyRelease
    table.pointee.scroll_event = scroll
    table.pointee.motion_notify_event = motion
  }

  /// The class a widget's methods chain up to: the nearest one not declared in Swift.
  static func parent(_ widget: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWidgetClass> {
    SubclassRegistry.nearestInfo(of: cgtk_type_from_instance(widget))!.nativeParentClass
      .assumingMemoryBound(to: GtkWidgetClass.self)
  }

  /// The Swift object and methods of `widget`, when it has them.
  fileprivate static func swift(_ widget: UnsafeMutableRawPointer?) -> (Object, WidgetMethods)? {
    guard let widget, let object = SubclassInstances.canonical(of: widget),
      let methods = SubclassRegistry.nearestInfo(of: cgtk_type_from_instance(widget))?
        .widgetMethods
    else { return nil }
    return (object, methods)
  }

  static func parentDraw(_ widget: UnsafeMutableRawPointer, _ context: OpaquePointer) -> Bool {
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    return parent(widget).pointee.draw?(gtkWidget, context) ?? 0 != 0
  }

  static func parentRequestMode(_ widget: UnsafeMutableRawPointer) -> SizeRequestMode {
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    let mode = parent(widget).pointee.get_request_mode?(gtkWidget)
    return SizeRequestMode(rawValue: mode?.rawValue ?? 0)
  }

  static func parentMeasure(
    _ widget: UnsafeMutableRawPointer, _ orientation: Orientation,
    _ size: Int
  ) -> SizeRequest {
    let table = parent(widget).pointee
    let gtkWidget = widget.assumingMemoryBound(to: GtkWidget.self)
    var minimum: gint = 0
    var natural: gint = 0
    let forSize = gint(clamping: size)
    if orientation == .horizontal {
      if size < 0 {
        table.get_preferred_width?(gtkWidget, &minimum, &natural)
      } else {
        table.get_preferred_width_for_height?(gtkWidget, forSize, &minimum, &natural)
      }
    } else if size < 0 {
      table.get_preferred_height?(gtkWidget, &minimum, &natural)
    } else {
      table.get_preferred_height_for_width?(gtkWidget, forSize, &minimum, &natural)
    }
    return SizeRequest(minimum: Int(minimum), natural: Int(natural))
  }

  static func parentAllocate(_ widget: UnsafeMutableRawPointer, _ allocation: Rectangle) {
    var area = allocation.cValue
    parent(widget).pointee.size_allocate?(widget.assumingMemoryBound(to: GtkWidget.self), &area)
  }
}

private typealias WidgetPointer = UnsafeMutablePointer<GtkWidget>

nonisolated private let draw: @convention(c) (WidgetPointer?, OpaquePointer?) -> gboolean = {
  widget, context in
  guard let widget, let context else { return 0 }
  guard let (object, methods) = WidgetTrampolines.swift(UnsafeMutableRawPointer(widget)) else {
    return WidgetTrampolines.parentDraw(UnsafeMutableRawPointer(widget), context) ? 1 : 0
  }
  nonisolated(unsafe) let cairoContext = context
  let cairo = MainActor.assumeIsolated { CairoContext(borrowing: cairoContext) }
  return methods.draw(object, cairo) ? 1 : 0
}

nonisolated private let requestMode: @convention(c) (WidgetPointer?) -> GtkSizeRequestMode = {
  widget in
  let raw = UnsafeMutableRawPointer(widget!)
  let mode =
    WidgetTrampolines.swift(raw).map { $1.requestMode($0) }
    ?? WidgetTrampolines.parentRequestMode(raw)
  return GtkSizeRequestMode(rawValue: mode.rawValue)
}

/// One size question: the Swift class's `measure`, or the parent's answer.
nonisolated private func measure(
  _ widget: WidgetPointer?, _ orientation: Orientation, _ size: gint,
  _ minimum: UnsafeMutablePointer<gint>?, _ natural: UnsafeMutablePointer<gint>?
) {
  let raw = UnsafeMutableRawPointer(widget!)
  let request =
    WidgetTrampolines.swift(raw).map { $1.measure($0, orientation, Int(size)) }
    ?? WidgetTrampolines.parentMeasure(raw, orientation, Int(size))
  minimum?.pointee = gint(clamping: request.minimum)
  natural?.pointee = gint(clamping: request.natural)
}

nonisolated private let preferredWidth:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<gint>?, UnsafeMutablePointer<gint>?) ->
    Void = { widget, minimum, natural in measure(widget, .horizontal, -1, minimum, natural) }

nonisolated private let preferredHeight:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<gint>?, UnsafeMutablePointer<gint>?) ->
    Void = { widget, minimum, natural in measure(widget, .vertical, -1, minimum, natural) }

nonisolated private let preferredWidthForHeight:
  @convention(c) (
    WidgetPointer?, gint, UnsafeMutablePointer<gint>?, UnsafeMutablePointer<gint>?
  ) -> Void = { widget, height, minimum, natural in
    measure(widget, .horizontal, height, minimum, natural)
  }

nonisolated private let preferredHeightForWidth:
  @convention(c) (
    WidgetPointer?, gint, UnsafeMutablePointer<gint>?, UnsafeMutablePointer<gint>?
  ) -> Void = { widget, width, minimum, natural in
    measure(widget, .vertical, width, minimum, natural)
  }

nonisolated private let sizeAllocate:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GtkAllocation>?) -> Void = {
    widget, allocation in
    guard let widget, let allocation else { return }
    let raw = UnsafeMutableRawPointer(widget)
    let area = Rectangle(allocation.pointee)
    if let (object, methods) = WidgetTrampolines.swift(raw) {
      methods.allocate(object, area)
    } else {
      WidgetTrampolines.parentAllocate(raw, area)
    }
  }

nonisolated private let realize: @convention(c) (WidgetPointer?) -> Void = { widget in
  guard let widget else { return }
  let raw = UnsafeMutableRawPointer(widget)
  WidgetTrampolines.parent(raw).pointee.realize?(widget)
  if let (object, methods) = WidgetTrampolines.swift(raw) { methods.didRealize(object) }
}

nonisolated private let unrealize: @convention(c) (WidgetPointer?) -> Void = { widget in
  guard let widget else { return }
  let raw = UnsafeMutableRawPointer(widget)
  if let (object, methods) = WidgetTrampolines.swift(raw) { methods.willUnrealize(object) }
  WidgetTrampolines.parent(raw).pointee.unrealize?(widget)
}

/// An input event: the Swift class's handler, then the parent's when it did not handle it.
nonisolated private func event<Event: Sendable>(
  _ widget: WidgetPointer?, _ event: UnsafeMutableRawPointer?,
  _ read: @MainActor (UnsafeMutableRawPointer) -> Event,
  _ handler: (WidgetMethods) -> (Object, Event) -> Bool,
  _ parent: (GtkWidgetClass) -> ((WidgetPointer?, UnsafeMutableRawPointer?) -> gboolean)?
) -> gboolean {
  guard let widget, let event else { return 0 }
  let raw = UnsafeMutableRawPointer(widget)
  nonisolated(unsafe) let cEvent = event
  if let (object, methods) = WidgetTrampolines.swift(raw),
    handler(methods)(object, MainActor.assumeIsolated { read(cEvent) })
  {
    return 1
  }
  return parent(WidgetTrampolines.parent(raw).pointee)?(widget, event) ?? 0
}

nonisolated private let buttonPress:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GdkEventButton>?) -> gboolean = {
    widget, button in
    event(widget, UnsafeMutableRawPointer(button), ButtonEvent.init(borrowing:), \.buttonPressed) {
      table in
      table.button_press_event.map { call in
        { call($0, $1?.assumingMemoryBound(to: GdkEventButton.self)) }
      }
    }
  }

nonisolated private let buttonRelease:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GdkEventButton>?) -> gboolean = {
    widget, button in
    event(widget, UnsafeMutableRawPointer(button), ButtonEvent.init(borrowing:), \.buttonReleased) {
      table in
      table.button_release_event.map { call in
        { call($0, $1?.assumingMemoryBound(to: GdkEventButton.self)) }
      }
    }
  }

nonisolated private let keyPress:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GdkEventKey>?) -> gboolean = {
    widget, key in
    event(widget, UnsafeMutableRawPointer(key), KeyEvent.init(borrowing:), \.keyPressed) {
      table in
      table.key_press_event.map { call in
        { call($0, $1?.assumingMemoryBound(to: GdkEventKey.self)) }
      }
    }
  }

nonisolated private let keyRelease:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GdkEventKey>?) -> gboolean = {
    widget, key in
    event(widget, UnsafeMutableRawPointer(key), KeyEvent.init(borrowing:), \.keyReleased) {
      table in
      table.key_release_event.map { call in
        { call($0, $1?.assumingMemoryBound(to: GdkEventKey.self)) }
      }
    }
  }

nonisolated private let scroll:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GdkEventScroll>?) -> gboolean = {
    widget, scroll in
    event(widget, UnsafeMutableRawPointer(scroll), ScrollEvent.init(borrowing:), \.scrolled) {
      table in
      table.scroll_event.map { call in
        { call($0, $1?.assumingMemoryBound(to: GdkEventScroll.self)) }
      }
    }
  }

nonisolated private let motion:
  @convention(c) (WidgetPointer?, UnsafeMutablePointer<GdkEventMotion>?) -> gboolean = {
    widget, motion in
    event(widget, UnsafeMutableRawPointer(motion), MotionEvent.init(borrowing:), \.pointerMoved) {
      table in
      table.motion_notify_event.map { call in
        { call($0, $1?.assumingMemoryBound(to: GdkEventMotion.self)) }
      }
    }
  }
