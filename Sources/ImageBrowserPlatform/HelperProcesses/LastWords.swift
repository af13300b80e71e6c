// A decoder helper's last words: why GLib is about to end it, sent to the app first.
import CImaging
import Foundation
import ImageBrowserCore

/// GLib ends a process on a fatal error (`g_error`): a loader that asks `g_malloc` for
/// more memory than the helper's address-space limit allows ends the helper with
/// SIGTRAP, which alone would tell the app only "Trace/breakpoint trap". A log writer
/// installed in the helper sends the reason to the app as the request's answer
/// (`DecoderReply.ending`) before GLib goes on to end the process: "The decoder ran out
/// of memory on this file (a decoder may use 1.1 GB)." Pango's warnings that it cannot
/// make a font at the size a file asks for (an SVG whose text is scaled to tens of
/// thousands of points) are dropped: they describe the file, which renders without that
/// text, not a fault of the helper's. Other messages are written as GLib writes them.
nonisolated enum LastWords {
  /// Where the last words go, and the limit they name.
  nonisolated(unsafe) private static var socket: Int32 = -1
  nonisolated(unsafe) private static var memoryLimit: Int?

  /// Installs the log writer for the helper answering on `socket`, whose address space
  /// is `memoryLimit` bytes. Call once, before any loader runs.
  static func start(socket: Int32, memoryLimit: Int?) {
    Self.socket = socket
    Self.memoryLimit = memoryLimit
    g_log_set_writer_func(write, nil, nil)
  }

  /// The log writer: last words for a fatal error, then GLib's own writing.
  private static let write:
    @convention(c) (GLogLevelFlags, UnsafePointer<GLogField>?, gsize, gpointer?) ->
      GLogWriterOutput = { level, fields, count, data in
        if level.rawValue & G_LOG_LEVEL_ERROR.rawValue != 0 {
          LastWords.send(LastWords.field("MESSAGE", in: fields, count: Int(count)))
        }
        if LastWords.isUnscalableFont(level, fields, Int(count)) { return G_LOG_WRITER_HANDLED }
        return g_log_writer_default(level, fields, count, data)
      }

  /// Sends the answer that says why the helper is ending, GLib's `message` being the
  /// reason.
  private static func send(_ message: String) {
    guard socket >= 0 else { return }
    let reason: String
    if message.contains("failed to allocate") {
      let limit = memoryLimit.map {
        ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .memory)
      }
      reason =
        limit.map { tr("The decoder ran out of memory on this file (a decoder may use %s).", $0) }
        ?? tr("The decoder ran out of memory on this file.")
    } else {
      reason = tr("The decoder stopped on this file (%s).", message)
    }
    _ = sendPacket(DecoderReply.ending(reason).encoded, on: socket)
  }

  /// The three warnings Pango writes when FreeType refuses a font size ("failed to
  /// create cairo scaled font", then the font face's and the scaled font's status).
  private static func isUnscalableFont(
    _ level: GLogLevelFlags, _ fields: UnsafePointer<GLogField>?, _ count: Int
  ) -> Bool {
    guard level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0,
      field("GLIB_DOMAIN", in: fields, count: count) == "Pango"
    else { return false }
    let message = field("MESSAGE", in: fields, count: count)
    return message.hasPrefix("failed to create cairo scaled font")
      || message.hasPrefix("font_face status is:") || message.hasPrefix("scaled_font status is:")
  }

  /// The field `key` of a structured log entry (`MESSAGE`, `GLIB_DOMAIN`), or "".
  private static func field(
    _ key: String, in fields: UnsafePointer<GLogField>?, count: Int
  ) -> String {
    guard let fields else { return "" }
    guard
      let field = (0..<count).lazy.map({ fields[$0] }).first(where: {
        String(cString: $0.key) == key
      }), let value = field.value
    else { return "" }
    let bytes = value.assumingMemoryBound(to: UInt8.self)
    if field.length < 0 { return String(cString: bytes) }
    return String(
      decoding: UnsafeBufferPointer(start: bytes, count: Int(field.length)), as: UTF8.self)
  }
}
