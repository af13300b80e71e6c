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
  /// Before the application's `startup` (before `run`, or before `register` in a test)
  /// the accelerators are kept and set when `startup` has opened the display: GTK reads
  /// `<Primary>` from the display's keymap, and without one it logs a `GDK_IS_DISPLAY`
  /// critical and installs nothing. Calls made before `startup` take effect in their
  /// order; `accelerators(for:)` shows them from then on.
  ///
  /// - Precondition: `detailedActionName` is a detailed action name and each accelerator
  ///   parses (traps naming it, where GTK would log and install none of them).
  public func setAccelerators(_ accelerators: [String], for detailedActionName: String) {
    AcceleratorSyntax.check(accelerators, for: detailedActionName)
    guard hasStartedUp else {
      // The connection ends after the first `startup`, or with the application.
      let application = WeakObjectRef.shared(pointer)
      _ = rx.startup.take(1).subscribe(next: {
        application.withObject {
          Application(retaining: $0).installAccelerators(accelerators, for: detailedActionName)
        }
      })
      return
    }
    installAccelerators(accelerators, for: detailedActionName)
  }

  /// Whether `startup` has run, so the display is open: a registered primary instance
  /// (GApplication marks itself registered, then emits `startup` at once; a remote
  /// instance never starts up).
  var hasStartedUp: Bool { isRegistered && !isRemote }

  private func installAccelerators(_ accelerators: [String], for detailedActionName: String) {
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

/// Checking accelerator strings where they are given, before any display is open.
enum AcceleratorSyntax {
  /// Traps with a clear message when `detailedActionName` is not a detailed action name
  /// or an accelerator does not parse.
  ///
  /// `gtk_accelerator_parse` reads `<Primary>` from the default display's keymap, so each
  /// accelerator is checked with `<Control>` in its place: the same syntax, no display.
  static func check(_ accelerators: [String], for detailedActionName: String) {
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
      gtk_accelerator_parse(withoutPrimary(accelerator), &key, &modifiers)
      precondition(
        key != 0,
        "GtkReactive: '\(accelerator)' (for \(detailedActionName)) is not an accelerator; "
          + "write it as gtk_accelerator_parse reads it: \"<Primary>s\", \"F11\"")
    }
  }

  /// `accelerator` with each `<Primary>` (any case, as GTK reads it) as `<Control>`.
  static func withoutPrimary(_ accelerator: String) -> String {
    let token = Array("<primary>".utf8)
    var bytes = Array(accelerator.utf8)
    var index = 0
    while index + token.count <= bytes.count {
      let candidate = bytes[index..<index + token.count].map { $0 | 0x20 }  // ASCII lowercase
      if candidate.elementsEqual(token) {
        bytes.replaceSubrange(index..<index + token.count, with: Array("<control>".utf8))
        index += token.count
      } else {
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
