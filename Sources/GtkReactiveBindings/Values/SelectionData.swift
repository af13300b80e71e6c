// The data a drop or a selection brought (`GtkSelectionData`), copied as a Swift value.
import CGtk

/// The data a drop or a selection transfer brought (`GtkSelectionData`): what
/// `rx.dragDataReceived` and `rx.selectionReceived` carry.
///
/// A copy, made while GTK lends the C data (during the emission): its bytes, what they
/// are, and the URI list or text GTK reads from them.
///
/// ```swift
/// editor.rx.dragDataReceived
///   .subscribe(next: { drop in
///     let files = drop.data.uris
///     drop.context.finish(success: !files.isEmpty, time: drop.time)
///     viewModel.import(files)
///   })
/// ```
nonisolated public struct SelectionData: Hashable, Sendable {
  /// The selection it came through: `"XdndSelection"` for a drop, `"CLIPBOARD"`,
  /// `"PRIMARY"`.
  public let selection: String
  /// The form the receiver asked for: `"text/uri-list"`, `"UTF8_STRING"`, `"image/png"`.
  public let target: String
  /// The type of the data as the source gave it (usually the target).
  public let dataType: String
  /// The size in bits of one unit of `bytes` (8, 16 or 32).
  public let format: Int
  /// The raw data, or `nil` when the source could not provide it (GTK's negative length).
  public let bytes: [UInt8]?
  /// The URIs the data lists, when it is a `text/uri-list`; empty otherwise.
  public let uris: [String]
  /// The data as text, when it is text in a form GTK converts (UTF-8, Latin-1, compound
  /// text, `text/plain`); `nil` otherwise.
  public let text: String?

  /// Whether the source provided the data.
  public var isValid: Bool { bytes != nil }

  /// A copy of the selection data GTK passes to a signal.
  package init(borrowing data: UnsafeMutableRawPointer) {
    self.init(borrowing: OpaquePointer(data))
  }

  /// A copy of the selection data behind `data`.
  package init(borrowing data: OpaquePointer) {
    selection = Atoms.name(gtk_selection_data_get_selection(data))
    target = Atoms.name(gtk_selection_data_get_target(data))
    dataType = Atoms.name(gtk_selection_data_get_data_type(data))
    format = Int(gtk_selection_data_get_format(data))
    var length: Int32 = 0
    let raw = gtk_selection_data_get_data_with_length(data, &length)
    if length < 0 {
      bytes = nil
    } else if let raw, length > 0 {
      bytes = Array(UnsafeBufferPointer(start: raw, count: Int(length)))
    } else {
      bytes = []
    }
    uris = CStrings.takeArray(gtk_selection_data_get_uris(data))
    text = gtk_selection_data_get_text(data).flatMap { text in
      defer { g_free(text) }
      return String(validatingCString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
    }
  }

  /// A copy of selection data GTK gives (`transfer full`), which is then freed.
  package init(taking data: OpaquePointer) {
    self.init(borrowing: data)
    gtk_selection_data_free(data)
  }
}
