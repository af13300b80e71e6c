// Keyboard accelerators of an application's actions (GTK keeps them per application).
import CGtk

extension Application {
  /// Sets the keyboard accelerators of the action `detailedActionName` (`"app.save"`,
  /// `"win.zoom(2)"`), replacing the ones it had; `[]` removes them.
  ///
  /// Accelerators are in `gtk_accelerator_parse` syntax: `"<Primary>s"`, `"F11"`,
  /// `"<Control><Shift>n"`. Every window of the application, its menus and its menu
  /// items show and obey them.
  public func setAccelerators(_ accelerators: [String], for detailedActionName: String) {
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
