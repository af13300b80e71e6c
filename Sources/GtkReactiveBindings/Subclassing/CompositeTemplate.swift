// Composite templates: a widget class declared in Swift built from a UI definition, with
// typed children and its callbacks as signals.
import CGtk
import Reactive

/// A widget class declared in Swift whose children come from a UI definition (GTK's
/// composite templates): every instance, made from Swift or from another UI file, is
/// built from it.
///
/// ```swift
/// final class ScanWindow: ApplicationWindow, CompositeTemplate {
///   override class var gType: GType { registeredType }
///   static let template = TemplateSource.string("""
///     <interface>
///       <template class="ScanWindow" parent="GtkApplicationWindow">
///         <child><object class="GtkButton" id="scan">
///           <property name="label">Scan</property>
///           <signal name="clicked" handler="scan-clicked"/>
///         </object></child>
///       </template>
///     </interface>
///     """)
///   static let scanButton = TemplateChild<Button>("scan")
///   static let templateChildren: [AnyTemplateChild] = [scanButton]
///   static var typeName: String { "ScanWindow" }
/// }
/// window.templateChild(ScanWindow.scanButton).label = "Rescan"
/// window.rx.templateCallback("scan-clicked").subscribe(next: { _ in … })
/// ```
///
/// The template's `class` is the class's `typeName`. Registration checks that the
/// definition parses and has every declared child, and throws `SubclassError` otherwise.
public protocol CompositeTemplate: WidgetSubclass {
  /// The UI definition: a `<template class="…" parent="…">` inside `<interface>`.
  static var template: TemplateSource { get }

  /// The children the class reads, checked against the template at registration
  /// (default: none).
  static var templateChildren: [AnyTemplateChild] { get }
}

extension CompositeTemplate {
  /// No declared children.
  public static var templateChildren: [AnyTemplateChild] { [] }

  /// The template's object with `child`'s id, typed.
  ///
  /// - Precondition: `child` is one of the class's `templateChildren` and of its type.
  public func templateChild<Child>(_ child: TemplateChild<Child>) -> Child {
    let found = gtk_widget_get_template_child(
      UnsafeMutablePointer<GtkWidget>(opaque), Self.gType, child.id)
    guard let object = Object.wrap(UnsafeMutableRawPointer(found), as: Child.self) else {
      preconditionFailure(
        "GtkReactive: \(Self.typeName)'s template has no \(Child.self) with id '\(child.id)'"
          + " among its declared templateChildren")
    }
    return object
  }
}

/// Where a template's UI definition comes from.
public enum TemplateSource: Sendable {
  /// The definition itself.
  case string(String)
  /// A path in the registered GResources (`/org/example/App/window.ui`).
  case resource(String)
}

/// A child of a composite template, by id: the common part of every `TemplateChild`.
public class AnyTemplateChild {
  /// The object's id in the template.
  public let id: String

  init(id: String) { self.id = id }
}

/// A child of a composite template with the id `id`, of Swift type `Child`.
public final class TemplateChild<Child: Object>: AnyTemplateChild {
  /// The child with `id`, read as `Child`.
  public init(_ id: String) { super.init(id: id) }
}

/// One call of a template's signal handler: which handler, and the object that emitted.
public struct TemplateCallback {
  /// The handler's name in the template (`handler="scan-clicked"`).
  public let handler: String
  /// The object whose signal ran it.
  public let sender: Object?
}

extension Reactive where Base: CompositeTemplate {
  /// The calls of the template's handler `name` (`<signal … handler="name"/>`): each
  /// emission of a signal connected to it in the template; completes when the widget is
  /// disposed. A handler of a signal that expects a result returns `false`.
  public func templateCallback(_ name: String) -> Signal<TemplateCallback, Never> {
    TemplateCallbacks.of(UnsafeMutableRawPointer(base.pointer)).calls
      .filter { $0.handler == name }
      .take(until: destroyed)
  }
}

/// The checked template of a class: its definition and the children it binds.
nonisolated final class TemplateDeclaration: @unchecked Sendable {
  // @unchecked: immutable after registration.
  let bytes: OpaquePointer
  let children: [String]

  @MainActor
  init<T: CompositeTemplate>(_ type: T.Type, typeName: String) throws(SubclassError) {
    func failure(_ reason: SubclassError.Reason) -> SubclassError {
      SubclassError(typeName: typeName, reason: reason)
    }
    let text: String
    switch T.template {
    case .string(let xml):
      text = xml
    case .resource(let path):
      guard let data = g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else {
        throw failure(.templateDoesNotParse("no resource at \(path)"))
      }
      var size: gsize = 0
      let start = g_bytes_get_data(data, &size)
      text = String(
        decoding: UnsafeRawBufferPointer(start: start, count: Int(size)), as: UTF8.self)
      g_bytes_unref(data)
    }
    let scan: TemplateScan
    do {
      scan = try TemplateScan(text)
    } catch {
      throw failure(.templateDoesNotParse(error.message))
    }
    guard let templateClass = scan.templateClass else {
      throw failure(.templateDoesNotParse("it has no <template> element"))
    }
    guard templateClass == typeName else {
      throw failure(.templateClassMismatch(found: templateClass))
    }
    children = T.templateChildren.map(\.id)
    for id in children where !scan.ids.contains(id) {
      throw failure(.missingTemplateChild(id: id))
    }
    bytes = Array(text.utf8).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
  }
}
