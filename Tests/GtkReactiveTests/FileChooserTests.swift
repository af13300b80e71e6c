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

  func testOneChooserTakesFilesOrTheFolder() throws {
    try gtk {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("filesorfolder-\(getpid())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      try Data("x".utf8).write(to: folder.appendingPathComponent("a.png"))
      let window = Window(type: .toplevel)
      // The chooser reads its folder on GIO's threads: on a loaded two-core machine that
      // took longer than `iterate`'s default 5 s. The test is about the result, not speed.
      let loading = Duration.seconds(30)
      // Open Folder: the folder shown.
      let folders = Recorder(
        window.chooseFilesOrFolder(title: "Open") { _ = $0.setCurrentFolder(folder.path) })
      var dialog = try XCTUnwrap(toplevels(FileChooserDialog.self, transientFor: window).first)
      XCTAssertEqual(dialog.action, .open)
      XCTAssertTrue(dialog.selectMultiple)
      XCTAssertTrue(
        MainLoop.iterate(until: { dialog.currentFolder == folder.path }, timeout: loading))
      dialog.response(ResponseType(rawValue: 1))
      XCTAssertEqual(folders.values.first?.map(\.standardizedFileURL.path), [folder.path])
      XCTAssertTrue(folders.completed)
      // Open: the files selected.
      let files = Recorder(
        window.chooseFilesOrFolder(title: "Open") { _ = $0.setCurrentFolder(folder.path) })
      dialog = try XCTUnwrap(toplevels(FileChooserDialog.self, transientFor: window).first)
      XCTAssertTrue(
        MainLoop.iterate(until: { dialog.currentFolder == folder.path }, timeout: loading))
      let file = folder.appendingPathComponent("a.png").path
      XCTAssertTrue(
        MainLoop.iterate(
          until: { dialog.selectFilename(file) && dialog.filename == file }, timeout: loading))
      dialog.response(.accept)
      XCTAssertEqual(files.values.first?.map(\.lastPathComponent), ["a.png"])
      // Cancel: nothing.
      let none = Recorder(window.chooseFilesOrFolder(title: "Open"))
      dialog = try XCTUnwrap(toplevels(FileChooserDialog.self, transientFor: window).first)
      dialog.response(.cancel)
      XCTAssertEqual(none.values, [[]])
      XCTAssertTrue(toplevels(FileChooserDialog.self, transientFor: window).isEmpty, "destroyed")
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
