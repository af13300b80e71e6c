// What an application offers on a clipboard in several forms at once: text, files, an image, raw targets.
import CGtk

/// What ``Clipboard/setContents(_:)`` offers: any of text, a list of files, an image and
/// raw targets, together, so that each application pasting takes the form it knows. A
/// file manager pastes copied files from `x-special/gnome-copied-files` or
/// `text/uri-list`, a text field the text, an image editor the image.
///
/// ```swift
/// let files = ["/home/me/a.jpg", "/home/me/b.jpg"]
/// let uris = files.map { "file://" + $0 }
/// clipboard.setContents(ClipboardContents(
///   text: files.joined(separator: "\n"), uris: uris,
///   targets: [.init("x-special/gnome-copied-files",
///                   text: (["copy"] + uris).joined(separator: "\n"))]))
/// ```
///
/// Everything is given up front and copied to each application that asks, as long as
/// the clipboard keeps it (until another owner takes it, or ``Clipboard/clear()``).
@MainActor
public struct ClipboardContents {
  /// One raw form: a target name (a MIME type or an X atom name) and its bytes, sent as
  /// they are (8-bit units).
  nonisolated public struct Target: Hashable, Sendable {
    /// The target's name: `"x-special/gnome-copied-files"`, `"application/json"`.
    public var name: String
    /// The bytes sent for it.
    public var bytes: [UInt8]

    /// A target sending `bytes`.
    public init(_ name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }

    /// A target sending `text`'s UTF-8 bytes (no terminating zero).
    public init(_ name: String, text: String) {
      self.init(name, bytes: Array(text.utf8))
    }
  }

  /// Offered as text in every form GTK knows (`UTF8_STRING`, `text/plain`, `STRING`…);
  /// `nil` offers none.
  public var text: String?
  /// Offered as `text/uri-list`; empty offers none.
  public var uris: [String]
  /// Offered as every image format gdk-pixbuf can write (`image/png`, `image/bmp`…),
  /// encoded when an application asks; `nil` offers none.
  public var image: Pixbuf?
  /// Raw targets, offered before the others (an application that knows several takes
  /// the first it finds, in this order).
  public var targets: [Target]

  /// Contents in the forms given.
  public init(
    text: String? = nil, uris: [String] = [], image: Pixbuf? = nil, targets: [Target] = []
  ) {
    self.text = text
    self.uris = uris
    self.image = image
    self.targets = targets
  }

  /// Whether nothing is offered.
  public var isEmpty: Bool { text == nil && uris.isEmpty && image == nil && targets.isEmpty }
}

extension Clipboard {
  /// Makes this application the clipboard's owner, offering `contents` in each of its
  /// forms (`gtk_clipboard_set_with_data`). Returns whether the clipboard took them
  /// (false for empty contents, or when the display refused); the contents are kept until
  /// another owner takes the clipboard or ``clear()`` is called.
  @discardableResult
  public func setContents(_ contents: ClipboardContents) -> Bool {
    guard !contents.isEmpty else { return false }
    return ClipboardOffer.offer(contents, on: opaque)
  }
}
