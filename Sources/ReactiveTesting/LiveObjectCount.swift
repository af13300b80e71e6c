import Reactive

/// The number of live library objects (sinks, subjects, disposables, scheduled
/// actions) in debug builds, for leak checks: take it before a test and expect it back
/// after. Release builds always report zero.
public enum LiveObjectCount {
  /// How many tracked objects are alive now.
  public static var current: Int { LiveObjects.count }
  /// Whether this build counts (debug builds do).
  public static var isTracing: Bool { LiveObjects.isTracing }
}
