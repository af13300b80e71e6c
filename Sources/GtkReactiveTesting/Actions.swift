// Activating a GAction by its detailed name, as a menu item or a shortcut would.
import CGtk
import GtkReactive
import XCTest

/// Activates the action `detailedName` as a menu item bound to it would, then runs the
/// main loop until idle.
///
/// `detailedName` is a GAction detailed name: a prefix and an action (`"win.close"`,
/// `"app.quit"`) with an optional target (`"win.theme::dark"`,
/// `"win.zoom(2)"`, `"app.open('a.png')"`). The action group is looked up as GTK does
/// for a widget in `object`'s place: groups inserted with `gtk_widget_insert_action_group`
/// on the widget or an ancestor, then `win.` on an application window, then `app.` on
/// the window's application. `object` may also be the `GApplication` itself (`app.`
/// names) or any other action group (names without a prefix).
///
/// Fails the test, and activates nothing, when the action does not exist or is disabled:
/// a user could not choose it either.
@MainActor
public func activateAction(
  _ detailedName: String, in object: Object, file: StaticString = #filePath, line: UInt = #line
) {
  var name: UnsafeMutablePointer<gchar>?
  var target: OpaquePointer?
  var error: UnsafeMutablePointer<GError>?
  guard g_action_parse_detailed_name(detailedName, &name, &target, &error) != 0, let name else {
    let reason = error.map { String(cString: $0.pointee.message) } ?? "unparsable"
    if let error { g_error_free(error) }
    return XCTFail("“\(detailedName)” is not an action name: \(reason)", file: file, line: line)
  }
  defer {
    g_free(name)
    if let target { g_variant_unref(target) }
  }
  let fullName = String(cString: name)
  guard let (group, action) = actionGroup(for: fullName, in: object) else {
    return XCTFail(
      "no action group holds “\(fullName)” for a \(object.gTypeName)", file: file, line: line)
  }
  guard g_action_group_get_action_enabled(group, action) != 0 else {
    return XCTFail("the action “\(fullName)” is disabled", file: file, line: line)
  }
  g_action_group_activate_action(group, action, target)
  runUntilIdle()
}

/// The group that holds the action `fullName` (`prefix.action`) for `object`, and the
/// action's name within it.
@MainActor
private func actionGroup(
  for fullName: String, in object: Object
) -> (group: OpaquePointer, action: String)? {
  let actionGroupType = g_action_group_get_type()
  func holding(_ instance: UnsafeMutableRawPointer?, _ action: String) -> OpaquePointer? {
    guard let instance,
      g_type_check_instance_is_a(
        instance.assumingMemoryBound(to: GTypeInstance.self),
        actionGroupType) != 0
    else { return nil }
    let group = OpaquePointer(instance)
    return g_action_group_has_action(group, action) != 0 ? group : nil
  }

  // A plain action group (a GSimpleActionGroup, an application window) named directly.
  if let group = holding(object.pointer, fullName) { return (group, fullName) }
  guard let dot = fullName.firstIndex(of: ".") else { return nil }
  let prefix = String(fullName[..<dot])
  let action = String(fullName[fullName.index(after: dot)...])

  if object.isInstance(of: g_application_get_type()) {
    return prefix == "app" ? holding(object.pointer, action).map { ($0, action) } : nil
  }
  guard object.isInstance(of: gtk_widget_get_type()) else { return nil }
  var widget: UnsafeMutablePointer<GtkWidget>? = object.pointer(as: GtkWidget.self)
  while let current = widget {
    if let inserted = gtk_widget_get_action_group(current, prefix),
      let group = holding(UnsafeMutableRawPointer(inserted), action)
    {
      return (group, action)
    }
    if isInstance(current, of: gtk_window_get_type()) {
      let window = UnsafeMutableRawPointer(current).assumingMemoryBound(to: GtkWindow.self)
      if prefix == "win", isInstance(current, of: gtk_application_window_get_type()),
        let group = holding(UnsafeMutableRawPointer(current), action)
      {
        return (group, action)
      }
      if prefix == "app", let application = gtk_window_get_application(window),
        let group = holding(UnsafeMutableRawPointer(application), action)
      {
        return (group, action)
      }
    }
    widget = gtk_widget_get_parent(current)
  }
  return nil
}
