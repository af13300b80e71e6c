// Keyboard accelerators of an application's actions (GTK keeps them per application).
import CGtk

extension Application {
  /// Sets the keyboard accelerators of the action `detailedActionName` (`"app.save"`,
  /// `"win.zoom(2)"`), replacing the ones it had; `[]` removes them.
  ///
  /// Accelerators are in `gtk_accelerator_parse` syntax: `"<Primary>s"`, `"F11"`,
  /// `"<Control><Shift>n"`. Every window of the application, its menus and its menu
  /// items show and obey them.
  ///
  /// - Precondition: `detailedActionName` is a detailed action name and each accelerator
  ///   parses (traps naming it, where GTK would log and install none of them).
  public func setAccelerators(_ accelerators: [String], for detailedActionName: String) {
    var name: UnsafeMutablePointer<gchar>?
    var target: OpaquePointer?
    var error: UnsafeMutablePointer<GError>?
    let parsed = g_action_parse_detailed_name(detailedActionName, &name, &target, &error) != 0
    g_free(name)
    if let target { g_variant_unref(target) }
    if !parsed {
      let reason = error.map { GLibError(consuming: $0).message } ?? "unparsable"
      preconditionFailure(
        "GtkReactive: '\(detailedActionName)' is not a detailed action name: \(reason)")
    }
    for accelerator in accelerators {
      var key: guint = 0
      var modifiers = GdkModifierType(0)
      gtk_accelerator_parse(accelerator, &key, &modifiers)
      precondition(
        key != 0,
        "GtkReactive: '\(accelerator)' (for \(detailedActionName)) is not an accelerator; "
          + "write it as gtk_accelerator_parse reads it: \"<Primary>s\", \"F11\"")
    }
    var strings = accelerators.map { strdup($0) }
    defer { strings.forEach { free($0) } }
    strings.append(nil)
    strings.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { cStrings in
        gtk_application_set_accels_for_action(
          pointer(as: GtkApplication.self), detailedActionName, cStrings.baseAddress)
      }
    }
  }

  /// The keyboard accelerators of the action `detailedActionName`.
  public func accelerators(for detailedActionName: String) -> [String] {
    guard
      let strings = gtk_application_get_accels_for_action(
        pointer(as: GtkApplication.self), detailedActionName)
    else { return [] }
    defer { g_strfreev(strings) }
    var result: [String] = []
    var index = 0
    while let string = strings[index] {
      result.append(String(cString: string))
      index += 1
    }
    return result
  }
}
