// Launching an application with files: the GList of GFiles `g_app_info_launch` takes.
import CGtk

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AppInfo {
  /// Launches the application with `urls` (local files or URIs) as its arguments
  /// (`g_app_info_launch`): what an "Open With" menu does after the user picks it.
  ///
  /// GLib spawns the program and returns; what GLib cannot do throws (a D-Bus
  /// activatable application without a session bus, files it cannot pass). GLib starts
  /// programs through its `gio-launch-desktop` helper, so a program that is missing or
  /// fails once started is not reported here.
  public func launch(_ urls: [URL], context: AppLaunchContext? = nil) throws(GLibError) {
    var list: UnsafeMutablePointer<GList>?
    for url in urls.reversed() {
      let file =
        url.isFileURL
        ? url.withUnsafeFileSystemRepresentation { g_file_new_for_path($0) }
        : g_file_new_for_uri(url.absoluteString)
      list = g_list_prepend(list, UnsafeMutableRawPointer(file))
    }
    defer { g_list_free_full(list, g_object_unref) }
    var error: UnsafeMutablePointer<GError>?
    g_app_info_launch(opaque, list, context?.pointer(as: GAppLaunchContext.self), &error)
    if let error { throw GLibError(consuming: error) }
  }
}

extension AnyAppInfo {
  /// An application that runs `commandLine` (`%f`, `%F`, `%u`, `%U` stand for the files,
  /// as in a desktop file), named `name`: for a tool that has no desktop file.
  public static func commandLine(
    _ commandLine: String, name: String? = nil
  ) throws(GLibError) -> AnyAppInfo {
    var error: UnsafeMutablePointer<GError>?
    let info = g_app_info_create_from_commandline(
      commandLine, name, G_APP_INFO_CREATE_NONE, &error)
    if let error { throw GLibError(consuming: error) }
    return AnyAppInfo(takingOwnership: UnsafeMutableRawPointer(info!))
  }
}
