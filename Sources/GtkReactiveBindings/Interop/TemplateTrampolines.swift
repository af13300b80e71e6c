// Composite templates in C: the class's template and children, the instance's
// initialization, and handlers that reach Swift as template callbacks.
import CGtk
import Reactive

/// GTK's template calls for classes declared in Swift.
nonisolated enum TemplateTrampolines {
  /// The instance whose template is being built (its handlers are connected to it).
  nonisolated(unsafe) private static var building: UnsafeMutableRawPointer?

  /// Sets the template of `widgetClass` and binds its declared children by name.
  static func install(_ template: TemplateDeclaration, in widgetClass: UnsafeMutableRawPointer) {
    let table = widgetClass.assumingMemoryBound(to: GtkWidgetClass.self)
    gtk_widget_class_set_template(table, template.bytes)
    for id in template.children {
      gtk_widget_class_bind_template_child_full(table, id, 0, 0)
    }
    gtk_widget_class_set_connect_func(table, connectHandler, nil, nil)
  }

  /// Builds `instance`'s template children (from its class's `instance_init`).
  static func initialize(_ instance: UnsafeMutableRawPointer) {
    let saved = building
    building = instance
    defer { building = saved }
    gtk_widget_init_template(instance.assumingMemoryBound(to: GtkWidget.self))
  }

  /// Connects a template's `<signal handler="name">`: each emission becomes a call of
  /// `name` on the template instance's callbacks.
  fileprivate static func connect(
    _ object: UnsafeMutablePointer<GObject>, signal: String, handler: String, after: Bool
  ) {
    guard let instance = building else { return }
    let target = HandlerTarget(instance: instance, handler: handler)
    let data = Unmanaged.passRetained(target).toOpaque()
    let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
    g_closure_set_marshal(closure, callbackMarshal)
    g_closure_add_finalize_notifier(closure, data, releaseTarget)
    g_signal_connect_closure(object, signal, closure, after ? 1 : 0)
  }
}

/// A handler's template instance (weakly: the template's children never outlive it for
/// long, and a weak reference tells when it has) and name.
nonisolated private final class HandlerTarget: @unchecked Sendable {
  // @unchecked: immutable; the weak reference is GLib's thread-safe GWeakRef.
  let instance: WeakObjectRef
  let handler: String

  init(instance: UnsafeMutableRawPointer, handler: String) {
    self.instance = WeakObjectRef(instance)
    self.handler = handler
  }
}

nonisolated private let connectHandler: GtkBuilderConnectFunc = {
  _, object, signal, handler, _, flags, _ in
  guard let object, let signal, let handler else { return }
  TemplateTrampolines.connect(
    object, signal: String(cString: signal), handler: String(cString: handler),
    after: flags.rawValue & G_CONNECT_AFTER.rawValue != 0)
}

nonisolated private let callbackMarshal: GClosureMarshal = {
  closure, result, count, arguments, _, _ in
  guard let data = closure?.pointee.data else { return }
  let target = Unmanaged<HandlerTarget>.fromOpaque(data).takeUnretainedValue()
  let sender = count > 0 ? g_value_get_object(arguments!) : nil
  target.instance.withObject { instance in
    TemplateCallbacks.of(instance).send(handler: target.handler, sender: sender)
  }
  if let result, cgtk_value_type(result) == cgtk_type_boolean() {
    g_value_set_boolean(result, 0)
  }
}

nonisolated private let releaseTarget: GClosureNotify = { data, _ in
  Unmanaged<HandlerTarget>.fromOpaque(data!).release()
}

/// The template callbacks of one instance, kept in its data until it is finalized.
nonisolated final class TemplateCallbacks: @unchecked Sendable {
  // @unchecked: used on the main thread only, where GTK emits widget signals.
  private static let key = g_quark_from_string("gtkreactive-template-callbacks")
  private let subject = PublishSubject<TemplateCallback, Never>()

  /// Every call, as it happens.
  var calls: Signal<TemplateCallback, Never> { subject.signal }

  /// The callbacks of `instance`, made on first use.
  static func of(_ instance: UnsafeMutableRawPointer) -> TemplateCallbacks {
    let object = instance.assumingMemoryBound(to: GObject.self)
    if let existing = g_object_get_qdata(object, key) {
      return Unmanaged<TemplateCallbacks>.fromOpaque(existing).takeUnretainedValue()
    }
    let callbacks = TemplateCallbacks()
    g_object_set_qdata_full(
      object, key, Unmanaged.passRetained(callbacks).toOpaque(), releaseCallbacks)
    return callbacks
  }

  func send(handler: String, sender: UnsafeMutableRawPointer?) {
    nonisolated(unsafe) let sender = sender
    let object = MainActor.assumeIsolated { Object.wrap(sender, as: Object.self) }
    subject.send(TemplateCallback(handler: handler, sender: object))
  }

  deinit { subject.sendCompleted() }
}

nonisolated private let releaseCallbacks: GDestroyNotify = { data in
  Unmanaged<TemplateCallbacks>.fromOpaque(data!).release()
}

/// What a UI definition declares, read with GLib's markup parser without building it:
/// the `<template>`'s class and every object id.
nonisolated struct TemplateScan {
  var templateClass: String?
  var ids: Set<String> = []

  /// Scans `text`; throws GLib's parse error (with line and column).
  init(_ text: String) throws(GLibError) {
    var parser = GMarkupParser(
      start_element: scanElement, end_element: nil, text: nil, passthrough: nil, error: nil)
    var scan = TemplateScan.empty
    var error: UnsafeMutablePointer<GError>?
    withUnsafeMutablePointer(to: &scan) { scanPointer in
      let context = g_markup_parse_context_new(
        &parser, GMarkupParseFlags(0), UnsafeMutableRawPointer(scanPointer), nil)
      defer { g_markup_parse_context_free(context) }
      if g_markup_parse_context_parse(context, text, -1, &error) != 0 {
        _ = g_markup_parse_context_end_parse(context, &error)
      }
    }
    if let error { throw GLibError(consuming: error) }
    self = scan
  }

  private init() {}
  private static var empty: TemplateScan { TemplateScan() }
}

nonisolated private let scanElement:
  @convention(c) (
    OpaquePointer?, UnsafePointer<gchar>?, UnsafeMutablePointer<UnsafePointer<gchar>?>?,
    UnsafeMutablePointer<UnsafePointer<gchar>?>?, gpointer?,
    UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
  ) -> Void = { _, element, names, values, data, _ in
    guard let element, let names, let values, let data else { return }
    let scan = data.assumingMemoryBound(to: TemplateScan.self)
    let tag = String(cString: element)
    var index = 0
    while let name = names[index], let value = values[index] {
      let attribute = String(cString: name)
      if tag == "template", attribute == "class" {
        scan.pointee.templateClass = String(cString: value)
      } else if tag == "object", attribute == "id" {
        scan.pointee.ids.insert(String(cString: value))
      }
      index += 1
    }
  }
