// The number of Swift objects GtkReactive has handed to GLib, for leak checks.
import GtkReactive

/// How many Swift objects GtkReactive has handed to GLib and not yet got back: signal
/// handler connections, weak object references, main-loop sources, binding transforms,
/// the boxes of bound list items. Take it before a test and expect it back after the
/// windows are destroyed; a box still alive is a connection or a binding that outlived
/// its object.
///
/// ```swift
/// let boxes = GtkBoxCount.current
/// do {
///   let window = NotesWindow(viewModel: model)
///   window.destroy()
/// }
/// runUntilIdle()
/// XCTAssertEqual(GtkBoxCount.current, boxes, "every Swift box freed")
/// ```
///
/// Boxes are counted per live-object scope, as every library object is: a box counts in
/// the scope that was current where it was made (each `GtkTestCase` test runs in one of
/// its own), so the count a test reads is its own, whatever other tests made or freed.
/// Debug builds count (the library is compiled with `TRACE_RESOURCES` there, in any
/// package that depends on it); release builds always report zero. The same objects are
/// also part of ReactiveTesting's `LiveObjectCount`, which counts every library object.
public enum GtkBoxCount {
  /// How many boxes made in the current scope (the running test's, under `GtkTestCase`)
  /// GLib holds now. A disposed subscription is given back at once, though whoever keeps
  /// its disposable keeps the Swift object (ReactiveTesting's `LiveObjectCount` counts
  /// it until then).
  public static var current: Int { GtkBoxes.count }

  /// Whether this build counts (debug builds do).
  public static var isTracing: Bool { GtkBoxes.isTracing }
}
