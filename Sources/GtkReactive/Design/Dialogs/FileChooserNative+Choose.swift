// The platform file chooser as a signal of the URLs the user picked.
import CGtk
import Reactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FileChooserNative {
  /// Shows the dialog when subscribed; sends the URLs of the files or folders the user
  /// accepted (one unless `selectMultiple`; `[]` when they cancel or close it), then
  /// completes. Disposing the subscription first hides the dialog.
  ///
  /// The subscription keeps the dialog alive until it answers (GTK does not keep native
  /// dialogs alive).
  public func choose() -> Signal<[URL], Never> {
    let dialog = self
    return Signal { observer in
      onMainThread {
        let target = WeakObjectRef(dialog.pointer)
        var chosen: Disposable?
        chosen = dialog.rx.responses.take(1).subscribe(
          next: { response in
            let urls =
              response == .accept
              ? target.withObject { FileChoosers.uris(OpaquePointer($0)) } ?? [] : []
            observer.send(urls)
            observer.sendCompleted()
          },
          completed: {
            // The dialog was finalized without answering.
            observer.sendCompleted()
          })
        dialog.show()
        return AnyDisposable {
          chosen?.dispose()
          chosen = nil
          MainThread.run {
            // Holding `dialog` here keeps it alive until the subscription ends.
            if dialog.isVisible { dialog.hide() }
          }
        }
      }
    }
  }
}

extension Window {
  /// Asks for files or folders in the platform's file chooser over this window (a portal
  /// where one runs, GTK's own dialog otherwise); see `FileChooserNative.choose()`.
  ///
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - action: `.open` for files, `.selectFolder` for folders, `.save` for a new name.
  ///   - selectMultiple: whether several may be chosen.
  ///   - acceptLabel: the accept button's label (`nil`: the platform's "Open" or "Save").
  ///   - configure: sets anything else (filters, current folder) before it shows.
  public func chooseFiles(
    title: String, action: FileChooserAction = .open, selectMultiple: Bool = false,
    acceptLabel: String? = nil, configure: ((FileChooserNative) -> Void)? = nil
  ) -> Signal<[URL], Never> {
    let parent = WeakObjectRef(pointer)
    return Signal.deferred {
      let dialog = FileChooserNative(
        title: title, parent: parent.withObject { Window(retaining: $0) }, action: action,
        acceptLabel: acceptLabel, cancelLabel: nil)
      dialog.selectMultiple = selectMultiple
      configure?(dialog)
      return dialog.choose()
    }
  }
}

/// Reading a file chooser's selection.
enum FileChoosers {
  /// The URIs chosen, as URLs.
  static func uris(_ chooser: OpaquePointer) -> [URL] {
    var list = gtk_file_chooser_get_uris(chooser)
    let head = list
    defer { g_slist_free(head) }
    var urls: [URL] = []
    while let node = list {
      if let uri = CStrings.takeString(node.pointee.data?.assumingMemoryBound(to: CChar.self)),
        let url = URL(string: uri)
      {
        urls.append(url)
      }
      list = node.pointee.next
    }
    return urls
  }
}
