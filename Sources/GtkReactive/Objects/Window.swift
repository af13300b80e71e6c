// Windows and the application object.
import CGtk

/// A `GtkWindow`: a toplevel window.
///
/// GTK itself keeps a reference to every toplevel until it is destroyed, so a window
/// stays alive (and on screen) after its wrapper is released; `destroy()` closes it.
open class Window: Container {
  /// `GtkWindow`'s GType.
  open override class var gType: GType { gtk_window_get_type() }

  var window: UnsafeMutablePointer<GtkWindow> { pointer(as: GtkWindow.self) }

  /// A new toplevel window with `title`.
  public convenience init(title: String = "") {
    self.init(retaining: gtk_window_new(GTK_WINDOW_TOPLEVEL))
    self.title = title
  }

  /// The title bar's text.
  public var title: String {
    get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
    set { gtk_window_set_title(window, newValue) }
  }

  /// Sets the size the window opens with.
  public func setDefaultSize(width: Int, height: Int) {
    gtk_window_set_default_size(window, Int32(width), Int32(height))
  }

  /// Shows the window and brings it to the front.
  public func present() { gtk_window_present(window) }

  /// Asks the window to close, as the close button would (emits `delete-event`).
  public func close() { gtk_window_close(window) }

  /// Replaces the title bar by `headerBar`.
  public func setTitlebar(_ headerBar: Widget) { gtk_window_set_titlebar(window, headerBar.widget) }
}

/// A `GtkApplicationWindow`: a window that belongs to an `Application`.
open class ApplicationWindow: Window {
  /// `GtkApplicationWindow`'s GType.
  open override class var gType: GType { gtk_application_window_get_type() }

  /// A new window of `application`.
  public convenience init(application: Application) {
    self.init(retaining: gtk_application_window_new(application.application))
  }
}

/// A `GtkApplication`: owns the main loop for `run()` and the app's windows.
open class Application: Object {
  /// `GtkApplication`'s GType.
  open override class var gType: GType { gtk_application_get_type() }

  var application: UnsafeMutablePointer<GtkApplication> { pointer(as: GtkApplication.self) }

  /// A new application with a reverse-DNS `id` (`org.example.App`), or none.
  public convenience init(id: String?, flags: GApplicationFlags = G_APPLICATION_DEFAULT_FLAGS) {
    self.init(takingOwnership: gtk_application_new(id, flags))
  }

  /// Runs the application's main loop (emits `activate`) until its last window closes or
  /// `quit()`; returns the exit status. Also drains Dispatch's main queue, so
  /// `@MainActor` tasks run meanwhile.
  @discardableResult
  public func run(arguments: [String] = []) -> Int32 {
    MainLoop.installDispatchBridge()
    var cStrings = arguments.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    return cStrings.withUnsafeMutableBufferPointer { buffer in
      g_application_run(
        pointer(as: GApplication.self), Int32(buffer.count), buffer.baseAddress)
    }
  }

  /// Runs the application on the process's own command line, byte for byte: unlike
  /// `run(arguments:)` with `CommandLine.arguments` (Swift strings, where bytes that are
  /// not UTF-8 become U+FFFD), file names the user passes reach `open` intact.
  public func runWithProcessArguments() -> Int32 {
    MainLoop.installDispatchBridge()
    return g_application_run(
      pointer(as: GApplication.self), CommandLine.argc, CommandLine.unsafeArgv)
  }

  /// Ends `run()`.
  public func quit() { g_application_quit(pointer(as: GApplication.self)) }
}
