// libhandy's process-wide setup, which GTK's does not do.
import CHandy

/// libhandy's own setup: its types, its style sheet and its icons.
///
/// ```swift
/// MainLoop.initialize()
/// HandyLibrary.initialize()
/// let window = ApplicationWindow()
/// ```
public enum HandyLibrary {
  /// Initializes libhandy, after GTK (`MainLoop.initialize()`), on the main thread: without
  /// it the widgets work but miss libhandy's styles (a leaflet's or a header bar's look).
  /// Safe to call more than once.
  public static func initialize() { hdy_init() }
}
