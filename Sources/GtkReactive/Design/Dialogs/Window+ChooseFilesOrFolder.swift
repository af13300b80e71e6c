// One chooser for files or a folder: GTK's file dialog with an "Open Folder" button.
import CGtk
import Reactive

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Window {
  /// Asks for files or a folder in one dialog over this window, as image viewers need:
  /// selecting files and pressing Open sends them; pressing Open Folder sends the folder
  /// selected in the list, or else the folder being shown. Sends `[]` when the user
  /// cancels or closes it, then completes; disposing the subscription first destroys it.
  ///
  /// GTK's open mode cannot return a folder (Open enters it) and its folder mode shows
  /// files greyed out, so this is GTK's own dialog (not the portal) with a third button.
  ///
  /// - Parameters:
  ///   - title: the dialog's title.
  ///   - folderLabel: the folder button's label, with its mnemonic.
  ///   - cancelLabel: the Cancel button's label, with its mnemonic.
  ///   - openLabel: the Open button's label, with its mnemonic.
  ///   - configure: sets anything else (filters, the starting folder) before it shows.
  public func chooseFilesOrFolder(
    title: String, folderLabel: String = "Open _Folder", cancelLabel: String = "_Cancel",
    openLabel: String = "_Open", configure: ((FileChooserDialog) -> Void)? = nil
  ) -> Signal<[URL], Never> {
    let parent = WeakObjectRef(pointer)
    return Signal { observer in
      onMainThread {
        // The dialog initializer builds the class it is called on: a file chooser dialog.
        let dialog = FileChooserDialog(
          title: title, parent: parent.withObject { Window(retaining: $0) })
        dialog.action = .open
        dialog.selectMultiple = true
        let folderResponse = ResponseType(rawValue: 1)
        dialog.addButton(cancelLabel, response: .cancel)
        dialog.addButton(folderLabel, response: folderResponse)
        dialog.addButton(openLabel, response: .accept)
        dialog.setDefaultResponse(.accept)
        configure?(dialog)
        let target = WeakObjectRef(dialog.pointer)
        var answered = false
        let answer = { (urls: [URL]) in
          guard !answered else { return }
          answered = true
          observer.send(urls)
          observer.sendCompleted()
        }
        let subscriptions = CompositeDisposable([
          dialog.rx.responses.subscribe(next: { response in
            let chooser = OpaquePointer(dialog.pointer)
            switch response {
            case .accept:
              answer(FileChoosers.uris(chooser))
            case folderResponse:
              // A folder selected in the list, or the folder being shown.
              let selected = FileChoosers.uris(chooser).filter(\.hasDirectoryPath)
              let shown = dialog.currentFolderUri.flatMap { URL(string: $0) }
              answer(selected.isEmpty ? shown.map { [$0] } ?? [] : Array(selected.prefix(1)))
            default:
              answer([])
            }
            MainThread.run {
              target.withObject { gtk_widget_destroy($0.assumingMemoryBound(to: GtkWidget.self)) }
            }
          }),
          dialog.rx.destroyed.subscribe(next: { answer([]) }),
        ])
        dialog.show()
        return AnyDisposable {
          subscriptions.dispose()
          MainThread.run {
            target.withObject { gtk_widget_destroy($0.assumingMemoryBound(to: GtkWidget.self)) }
          }
        }
      }
    }
  }
}
