// GSettings for a schema that may not be installed: look it up before GLib aborts.

extension Gio.Settings {
  /// Whether the schema `schemaId` is installed (in the default schema source) and has
  /// every key in `keys`.
  ///
  /// Creating `Gio.Settings(schemaId:)` for a schema that is not installed aborts the
  /// process (GLib's design), and setting a key the schema lacks logs a critical: a
  /// desktop-specific schema (`org.gnome.desktop.background`) needs this check first.
  public static func isInstalled(_ schemaId: String, keys: [String] = []) -> Bool {
    guard let schema = SettingsSchemaSource.default?.lookup(schemaId, recursive: true) else {
      return false
    }
    return keys.allSatisfy { schema.hasKey($0) }
  }

  /// The settings of `schemaId`, or `nil` when the schema is not installed or lacks one
  /// of `keys` (see `isInstalled(_:keys:)`), instead of aborting.
  public static func ifInstalled(_ schemaId: String, keys: [String] = []) -> Gio.Settings? {
    isInstalled(schemaId, keys: keys) ? Gio.Settings(schemaId: schemaId) : nil
  }
}
