// FileChooserNative as a Signal<[URL], Never>: construction, cancel and accept.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class FileChooserTests: GtkTestCase {
  func testCancellingSendsNoURLsAndCompletes() {
    gtk {
      let window = Window(type: .toplevel)
      let urls = Recorder(
        window.chooseFiles(title: "Open Photos", selectMultiple: true, acceptLabel: "_Open"))
      // Without a portal GTK shows its own dialog: answer it as the user would.
      let dialogs = toplevels(FileChooserDialog.self, transientFor: window)
      XCTAssertEqual(dialogs.count, 1)
      XCTAssertEqual(dialogs.first?.title, "Open Photos")
      XCTAssertEqual(dialogs.first?.selectMultiple, true)
      dialogs.first?.response(.cancel)
      XCTAssertEqual(urls.values, [[]])
      XCTAssertTrue(urls.completed)
      window.destroy()
    }
  }

  func testAcceptingSendsTheChosenFiles() throws {
    try gtk {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("filechooser-\(getpid())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let window = Window(type: .toplevel)
      let urls = Recorder(
        window.chooseFiles(title: "Pick a Folder", action: .selectFolder) { chooser in
          _ = chooser.setCurrentFolder(folder.path)
        })
      let dialog = toplevels(FileChooserDialog.self, transientFor: window).first
      XCTAssertNotNil(dialog)
      XCTAssertTrue(MainLoop.iterate(until: { dialog?.currentFolder == folder.path }))
      dialog?.response(.accept)
      XCTAssertEqual(urls.values.count, 1)
      XCTAssertEqual(urls.values.first?.map(\.lastPathComponent), [folder.lastPathComponent])
      XCTAssertTrue(urls.completed)
      window.destroy()
    }
  }

  func testDisposingHidesTheDialog() {
    gtk {
      let window = Window(type: .toplevel)
      let chooser = FileChooserNative(
        title: "Save", parent: window, action: .save, acceptLabel: nil, cancelLabel: nil)
      let urls = Recorder(chooser.choose())
      XCTAssertTrue(chooser.isVisible)
      urls.subscription?.dispose()
      MainLoop.drain()
      XCTAssertFalse(chooser.isVisible)
      XCTAssertEqual(urls.values, [])
      window.destroy()
    }
  }
}
