// GtkReactive's guarantees over a module's whole generated surface: GtkReactive's own, and
// the generated modules built on it (Handy, GtkSource), each of which lists its classes
// in its `GeneratedSurface`.
import CGtk
import GtkReactive
import Reactive
import XCTest

/// The checks every generated module's tests run over its `GeneratedSurface.types`.
/// `package`: they read the generator's keys, which are not public API.
@MainActor
package enum GeneratedSurfaceChecks {
  /// A generated class or interface with its own signal and property keys.
  package typealias Entry = (
    type: Object.Type, signals: [SignalKey], properties: [any ErasedPropertyKey]
  )

  /// Every property key names a property of its class, and its Swift type converts to and
  /// from the property's GType in the directions the property allows. Returns how many
  /// were checked.
  package static func checkProperties(
    _ types: [Entry], file: StaticString = #filePath, line: UInt = #line
  ) -> Int {
    var checked = 0
    for entry in types {
      let type = entry.type.gType
      let isInterface = g_type_fundamental(type) == g_type_fundamental(gtk_orientable_get_type())
      let owner = GTypes.referenced(type, isInterface: isInterface)
      for key in entry.properties {
        let spec =
          isInterface
          ? g_object_interface_find_property(g_type_default_interface_peek(owner), key.name)
          : g_object_class_find_property(
            g_type_class_peek(owner).assumingMemoryBound(to: GObjectClass.self), key.name)
        let name = "\(String(cString: g_type_name(type))).\(key.name)"
        guard let spec else {
          XCTFail("\(name) does not exist", file: file, line: line)
          continue
        }
        let propertyType = cgtk_param_spec_value_type(spec)
        let swift = key.swiftValueType
        let flags = spec.pointee.flags.rawValue
        if flags & G_PARAM_READABLE.rawValue != 0 {
          XCTAssertTrue(
            propertyType == swift || g_value_type_transformable(propertyType, swift) != 0,
            "\(name) cannot be read as \(String(cString: g_type_name(swift)))",
            file: file, line: line)
        }
        if flags & G_PARAM_WRITABLE.rawValue != 0 {
          XCTAssertTrue(
            propertyType == swift || g_value_type_transformable(swift, propertyType) != 0,
            "\(name) cannot be written from \(String(cString: g_type_name(swift)))",
            file: file, line: line)
        }
        checked += 1
      }
    }
    return checked
  }

  /// For every instantiable widget of `types`: each of its signals (its own, its
  /// ancestors' and interfaces' among `types` and `inherited`) connects one handler per
  /// subscription, disposing disconnects exactly that one, and destroying the widget
  /// completes every remaining subscription exactly once and frees every handler box.
  /// Widgets named in `skipping` (by GType name) are left out. Returns how many widgets
  /// and subscriptions were checked.
  package static func checkSignals(
    _ types: [Entry], inherited: [Entry] = [], skipping: Set<String> = [],
    file: StaticString = #filePath, line: UInt = #line
  ) -> (widgets: Int, signals: Int) {
    let all = types + inherited
    let registry = Dictionary(
      all.map { ($0.type.gType, $0.signals) }, uniquingKeysWith: { first, _ in first })
    let interfaces = all.filter {
      g_type_fundamental($0.type.gType) == g_type_fundamental(gtk_orientable_get_type())
    }
    var widgets = 0
    var signals = 0
    for entry in types {
      let type = entry.type.gType
      let name = String(cString: g_type_name(type))
      guard g_type_fundamental(type) == g_type_fundamental(g_object_get_type()),
        g_type_is_a(type, gtk_widget_get_type()) != 0,
        g_type_test_flags(type, G_TYPE_FLAG_ABSTRACT.rawValue) == 0,
        !skipping.contains(name)
      else { continue }
      var keys: [SignalKey] = []
      var ancestor = type
      while ancestor != 0 {
        keys += registry[ancestor] ?? []
        ancestor = g_type_parent(ancestor)
      }
      for interface in interfaces where g_type_is_a(type, interface.type.gType) != 0 {
        keys += interface.signals
      }
      let boxes = GtkBoxCount.current
      let widget = entry.type.init(retaining: g_object_new_with_properties(type, 0, nil, nil))
      var completions = Array(repeating: 0, count: keys.count)
      let subscriptions = keys.enumerated().map { index, key in
        Widget(retaining: widget.pointer).rx.connect(
          key, ObserverAction<Void>.values { _, _, _ in }
        )
        .subscribe(completed: { completions[index] += 1 })
      }
      XCTAssertEqual(
        GtkBoxCount.current, boxes + keys.count, "\(name): one handler per signal",
        file: file, line: line)
      let disposed = Array(stride(from: 0, to: keys.count, by: 2))
      for index in disposed { subscriptions[index].dispose() }
      for index in disposed { subscriptions[index].dispose() }  // a second time: harmless
      XCTAssertEqual(
        GtkBoxCount.current, boxes + keys.count - disposed.count,
        "\(name): disposed handlers freed", file: file, line: line)
      gtk_widget_destroy(widget.pointer(as: GtkWidget.self))
      for (index, count) in completions.enumerated() {
        XCTAssertEqual(
          count, index % 2 == 0 ? 0 : 1, "\(name).\(keys[index].name) completions",
          file: file, line: line)
      }
      XCTAssertEqual(
        GtkBoxCount.current, boxes, "\(name): every handler box freed", file: file, line: line)
      widgets += 1
      signals += keys.count
    }
    return (widgets, signals)
  }
}
