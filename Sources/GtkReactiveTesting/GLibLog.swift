// Records the GLib and GTK warnings and criticals a test provokes, so the test can fail.
import CGtk
import Synchronization

/// The recorder of GLib warnings and criticals behind ``GtkTestCase``.
///
/// GLib reports programming errors (`g_object_unref: assertion 'G_IS_OBJECT (object)'
/// failed`, a widget packed twice) as CRITICAL or WARNING log messages and carries on.
/// `install()` puts a structured-log writer in front of GLib's default one: every
/// message is still printed as usual, and warnings and criticals are also kept until
/// `takeMessages()` collects them. ``GtkTestCase`` installs it before initializing GTK
/// and fails a test that left any message behind; use it directly only in a harness of
/// your own.
public enum GLibLog {
  /// One recorded warning or critical.
  public struct Message: Equatable, Sendable, CustomStringConvertible {
    /// The log domain (`GLib-GObject`, `Gtk`), if the message named one.
    public let domain: String?
    /// Whether GLib logged it as CRITICAL (else WARNING).
    public let isCritical: Bool
    /// The message text.
    public let text: String

    /// A message of `domain` at CRITICAL (`isCritical`) or WARNING level.
    public init(domain: String?, isCritical: Bool, text: String) {
      self.domain = domain
      self.isCritical = isCritical
      self.text = text
    }

    /// The message as GLib prints it, such as
    /// `GLib-GObject-CRITICAL: g_object_unref: assertion 'G_IS_OBJECT (object)' failed`.
    public var description: String {
      let level = isCritical ? "CRITICAL" : "WARNING"
      return domain.map { "\($0)-\(level): \(text)" } ?? "\(level): \(text)"
    }
  }

  private static let messages = Mutex<[Message]>([])
  private static let installed = Atomic<Bool>(false)

  /// Starts recording, once per process; later calls do nothing.
  ///
  /// Call it before GTK logs anything (GLib accepts one writer per process and aborts
  /// on a second `g_log_set_writer_func`, so nothing else in the process may set one).
  public static func install() {
    guard
      installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
        .exchanged
    else { return }
    g_log_set_writer_func(recordingWriter, nil, nil)
  }

  /// Whether `install()` ran.
  public static var isInstalled: Bool { installed.load(ordering: .acquiring) }

  /// Returns the messages recorded since the last call, and forgets them.
  @discardableResult
  public static func takeMessages() -> [Message] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }

  fileprivate static func record(_ message: Message) {
    messages.withLock { $0.append(message) }
  }
}

/// Records warnings and criticals, then hands every message to GLib's default writer.
///
/// Runs on whichever thread logged; `GLibLog.record` takes a lock.
private let recordingWriter: GLogWriterFunc = { level, fields, count, data in
  let critical = level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0
  let warning = level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0
  if critical || warning, let fields {
    var text = "(no message)"
    var domain: String?
    for index in 0..<Int(count) {
      guard let value = fields[index].value else { continue }
      // MESSAGE and GLIB_DOMAIN are nul-terminated strings (length -1) by GLib's contract.
      switch String(cString: fields[index].key) {
      case "MESSAGE": text = String(cString: value.assumingMemoryBound(to: CChar.self))
      case "GLIB_DOMAIN": domain = String(cString: value.assumingMemoryBound(to: CChar.self))
      default: break
      }
    }
    GLibLog.record(GLibLog.Message(domain: domain, isCritical: critical, text: text))
  }
  return g_log_writer_default(level, fields, count, data)
}
