// The desktop actions under Xvfb: copy the image, open with, show in folder, wallpaper,
// print, recent files, drag and drop — each changing only what it is asked to.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class ImageActionsTests: GUITestCase {
  private static let desktopActions = ["copy", "open-with", "show-in-folder", "wallpaper", "print"]

  func testDesktopActionsNeedAnImage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let browser = h.makeBrowser(expecting: 0)
      for name in Self.desktopActions {
        XCTAssertTrue(browser.window.hasAction(name), "win.\(name) is registered")
        XCTAssertFalse(browser.window.actionEnabled(name), "win.\(name) is disabled")
      }
      XCTAssertEqual(h.application.accelerators(for: "win.wallpaper"), ["<Primary>F8"])
      XCTAssertEqual(h.application.accelerators(for: "win.print"), ["<Primary>p"])
    }
  }

  // MARK: Copy

  func testCtrlCCopiesTheImageAtFullResolution() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      // Larger than the viewer: what it shows is a scaled-down decode.
      h.save(
        h.makePixbuf(width: 2400, height: 1600, rgba: 0x3366_99ff),
        to: folder.appendingPathComponent("large.png"))
      let browser = h.makeBrowser(expecting: 1)
      let clipboard = try XCTUnwrap(Clipboard.getDefault(try XCTUnwrap(Display.default)))
      clipboard.clear()
      h.press("c", control: true, in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { clipboard.waitIsImageAvailable() }), "an image on the clipboard")
      let image = try XCTUnwrap(clipboard.waitForImage())
      XCTAssertEqual(image.width, 2400)
      XCTAssertEqual(image.height, 1600)
      XCTAssertNil(browser.viewModel.notice.value)
      // Pasted in a file manager, it is the file that is copied.
      let uri = folder.appendingPathComponent("large.png").absoluteString
      XCTAssertEqual(Self.paste("x-special/gnome-copied-files", from: clipboard), "copy\n\(uri)")
      XCTAssertNil(clipboard.waitForText(), "no path offered as text in place of the image")
      clipboard.clear()
    }
  }

  func testCopyWithSeveralImagesPickedPutsTheirFilesOnTheClipboardAsAFileManagerDoes() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4)
      let model = browser.viewModel
      let clipboard = try XCTUnwrap(Clipboard.getDefault(try XCTUnwrap(Display.default)))
      clipboard.clear()
      model.isBrowsing.value = true
      h.settle()
      model.pickGridCell(1)
      model.pickGridCell(3, .extend)
      XCTAssertEqual(model.state.value.pickedItems.count, 3)
      h.press("c", control: true, in: browser)
      let urls = (2...4).map { folder.appendingPathComponent("photo-\($0).png") }
      let uris = urls.map(\.absoluteString)
      XCTAssertEqual(
        Self.paste("x-special/gnome-copied-files", from: clipboard),
        (["copy"] + uris).joined(separator: "\n"))
      XCTAssertEqual(clipboard.waitForUris(), uris)
      XCTAssertEqual(clipboard.waitForText(), urls.map(\.path).joined(separator: "\n"))
      XCTAssertFalse(clipboard.waitIsImageAvailable(), "files, not one image")
      // The menu's Copy does the same.
      clipboard.setText("something else")
      browser.window.activateAction("copy")
      XCTAssertEqual(clipboard.waitForUris(), uris)
      XCTAssertNil(model.notice.value)
      clipboard.clear()
    }
  }

  /// The clipboard's `target` as text, asked as another application asks.
  @MainActor
  private static func paste(_ target: String, from clipboard: Clipboard) -> String? {
    var answer: SelectionData?
    var answered = false
    clipboard.requestContents(target) { _, data in
      answer = data
      answered = true
    }
    XCTAssertTrue(MainLoop.iterate(until: { answered }, timeout: .seconds(5)), "\(target) answered")
    return answer?.bytes.map { String(decoding: $0, as: UTF8.self) }
  }

  func testCopyingAnUndecodableImageSaysWhy() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      try h.makeBrokenImage("broken.png")
      let browser = h.makeBrowser(expecting: 1)
      browser.window.activateAction("copy")
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.notice.value != nil }))
      let notice = try XCTUnwrap(browser.viewModel.notice.value)
      XCTAssertTrue(notice.isFailure)
      XCTAssertTrue(notice.message.hasPrefix("Cannot copy “broken.png”: "), notice.message)
    }
  }

  // MARK: Open with

  func testOpenWithAsksForAnApplicationForTheImagesType() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      browser.window.activateAction("open-with")
      let chooser = try XCTUnwrap(ActionTests.toplevels(AppChooserDialog.self).first)
      XCTAssertEqual(chooser.contentType, "image/png")
      XCTAssertEqual(chooser.heading, "Open “photo-1.png” with:")
      XCTAssertTrue(chooser.transientFor == browser.window)
      chooser.response(.cancel)
      h.settle()
      XCTAssertTrue(ActionTests.toplevels(AppChooserDialog.self).isEmpty, "closed")
      XCTAssertNil(browser.actions?.imageActions?.appChooser)
      XCTAssertNil(browser.viewModel.notice.value, "cancelling is not a failure")
    }
  }

  func testTheChosenApplicationIsLaunchedWithTheFile() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(1)
      let browser = h.makeBrowser(expecting: 1)
      let marker = h.desktopFolder.appendingPathComponent("opened")
      let app = try AnyAppInfo.commandLine("sh -c 'printf %s \"$1\" > \"\(marker.path)\"' sh %f")
      let item = try XCTUnwrap(browser.viewModel.current.value)
      try XCTUnwrap(browser.actions?.imageActions).open(item, with: app)
      XCTAssertTrue(
        MainLoop.iterate(until: {
          (try? String(contentsOf: marker, encoding: .utf8)) == item.url.path
        }), "the application got the file")
    }
  }

  // MARK: Show in folder

  func testShowInFolderWithoutAFileManagerOpensTheFolder() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      // GtkTestCase runs without a session bus: no FileManager1 answers.
      browser.window.activateAction("show-in-folder")
      XCTAssertTrue(MainLoop.iterate(until: { !h.openedURIs.isEmpty }), "the folder was opened")
      XCTAssertEqual(h.openedURIs, [folder.absoluteString])
      XCTAssertNil(browser.viewModel.notice.value)
      h.openingFails = true
      browser.window.activateAction("show-in-folder")
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.notice.value != nil }))
      let notice = try XCTUnwrap(browser.viewModel.notice.value)
      XCTAssertTrue(notice.isFailure)
      XCTAssertTrue(
        notice.message.hasPrefix("Cannot show “photo-1.png” in its folder"), notice.message)
    }
  }

  // MARK: Wallpaper

  func testCtrlF8CopiesTheImageIntoBackgroundsAndSetsIt() throws {
    let folder = self.folder!
    var installed = false
    gtk { installed = Gio.Settings.isInstalled("org.gnome.desktop.background") }
    guard installed else {
      throw XCTSkip("gsettings-desktop-schemas is not installed (scripts/install-deps.sh)")
    }
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      h.press("F8", control: true, in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.notice.value != nil }))
      XCTAssertEqual(
        browser.viewModel.notice.value?.message, "“photo-1.png” is now the desktop background")
      let copy = h.desktopFolder.appendingPathComponent("backgrounds/photo-1.png")
      XCTAssertEqual(
        try Data(contentsOf: copy),
        try Data(contentsOf: folder.appendingPathComponent("photo-1.png")))
      // GtkTestCase's memory backend: nothing of the user's desktop changes.
      let settings = Gio.Settings(schemaId: "org.gnome.desktop.background")
      XCTAssertEqual(settings.string("picture-uri"), copy.absoluteString)
      XCTAssertEqual(settings.string("picture-uri-dark"), copy.absoluteString)
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
        ["photo-1.png", "photo-2.png"], "the photos' folder is unchanged")
    }
  }

  func testADesktopWithoutTheWallpaperSchemaSaysSo() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(1)
      let user = h.testDesktop()
      let desktop = Desktop(
        recentManager: user.recentManager, wallpaperFolder: user.wallpaperFolder,
        wallpaperSchema: "org.example.NoWallpaper", bus: user.bus, openURI: user.openURI)
      let browser = h.makeBrowser(expecting: 1, desktop: desktop)
      browser.window.activateAction("wallpaper")
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.notice.value != nil }))
      let notice = try XCTUnwrap(browser.viewModel.notice.value)
      XCTAssertTrue(notice.isFailure)
      XCTAssertTrue(notice.message.hasPrefix("This desktop has no wallpaper setting"))
      XCTAssertFalse(FileManager.default.fileExists(atPath: user.wallpaperFolder.path))
    }
  }

  // MARK: Print

  func testPrintingExportsOnePageWithTheImage() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(1)
      let browser = h.makeBrowser(expecting: 1)
      let item = try XCTUnwrap(browser.viewModel.current.value)
      let image = try ImageDecoder.decode(item.url, fitting: nil).get().withSurface()
      let pdf = h.desktopFolder.appendingPathComponent("photo.pdf")
      var finished: [String?] = []
      try XCTUnwrap(browser.actions?.imageActions).printer.print(
        image, name: item.displayName, parent: browser.window, action: .export,
        exportFilename: pdf.path
      ) { finished.append($0) }
      XCTAssertTrue(MainLoop.iterate(until: { !finished.isEmpty }))
      XCTAssertEqual(finished, [nil], "no error")
      let bytes = try Data(contentsOf: pdf)
      XCTAssertGreaterThan(bytes.count, 1_000)
      XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "%PDF-")
      if let folder = ProcessInfo.processInfo.environment["IMAGE_BROWSER_SCREENSHOTS"] {
        let kept = URL(fileURLWithPath: folder).appendingPathComponent("printed.pdf")
        try? FileManager.default.removeItem(at: kept)
        try? FileManager.default.copyItem(at: pdf, to: kept)
        print("printed page: \(kept.path)")
      }
      XCTAssertNil(browser.actions?.imageActions?.printer.operation, "released when done")
    }
  }

  func testCtrlPShowsThePrintDialogAndCancellingPrintsNothing() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(1)
      let browser = h.makeBrowser(expecting: 1)
      // Print to a file only: the CUPS backend warns without a system bus.
      let settings = try XCTUnwrap(Settings.default)
      let backends = settings.gtkPrintBackends
      settings.gtkPrintBackends = "file"
      defer { settings.gtkPrintBackends = backends }
      h.press("p", control: true, in: browser)
      // GtkPrintUnixDialog (GtkUnixPrint is not generated): a dialog over the window.
      @MainActor func printDialog() -> Dialog? {
        ActionTests.toplevels(Dialog.self).first {
          $0.transientFor == browser.window
            && String(cString: g_type_name(cgtk_object_type($0.pointer))) == "GtkPrintUnixDialog"
        }
      }
      XCTAssertTrue(MainLoop.iterate(until: { printDialog() != nil }), "the print dialog")
      let dialog = try XCTUnwrap(printDialog())
      XCTAssertNotNil(browser.actions?.imageActions?.printer.operation, "kept while it shows")
      dialog.response(.cancel)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.actions?.imageActions?.printer.operation == nil }),
        "released when the dialog answers")
      h.settle()
      XCTAssertNil(browser.viewModel.notice.value, "cancelling is not a failure")
    }
  }

  func testAPrintedImageFillsThePageTurnedWhenThatIsLarger() {
    gtk {
      // A4 portrait's printable area, roughly, in points.
      let landscape = ImagePrinter.placement(
        of: PixelSize(width: 3000, height: 2000), inWidth: 540, height: 780)
      XCTAssertTrue(landscape.rotated, "a landscape photo turns on a portrait page")
      XCTAssertEqual(landscape.scale, min(540.0 / 2000, 780.0 / 3000), accuracy: 1e-9)
      XCTAssertEqual(landscape.centre.x, 270)
      let portrait = ImagePrinter.placement(
        of: PixelSize(width: 2000, height: 3000), inWidth: 540, height: 780)
      XCTAssertFalse(portrait.rotated)
      XCTAssertEqual(portrait.scale, min(540.0 / 2000, 780.0 / 3000), accuracy: 1e-9)
      let small = ImagePrinter.placement(
        of: PixelSize(width: 100, height: 100), inWidth: 540, height: 780)
      XCTAssertFalse(small.rotated, "a square never turns")
      XCTAssertEqual(small.scale, 5.4, accuracy: 1e-9, "enlarged to the page's width")
    }
  }

  // MARK: Recent files

  func testOpenedFilesAreRecentAndOpenRecentReopensThem() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      XCTAssertEqual(browser.recent.menu.nItems, 1, "a placeholder")
      let third = folder.appendingPathComponent("photo-3.png")
      browser.open([third])
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.recent.entries.map(\.uri) == [third.absoluteString] }),
        "the opened file is in the list")
      XCTAssertTrue(MainLoop.iterate(until: { browser.recent.menu.nItems == 1 }))
      browser.open([folder])
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.recent.menu.nItems == 2 }), "the menu follows the list")
      XCTAssertEqual(
        browser.recent.entries.map(\.uri), ["file://" + folder.path, third.absoluteString])
      XCTAssertEqual(browser.viewModel.current.value?.displayName, "photo-1.png")
      browser.window.activateAction("open-recent", parameter: third.absoluteString)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.viewModel.current.value?.displayName == "photo-3.png" }),
        "Open Recent opened it")
      // Nothing missing goes in the list.
      browser.open([folder.appendingPathComponent("gone.png")])
      h.settle()
      XCTAssertEqual(browser.recent.entries.count, 2)
    }
  }

  // MARK: Drag and drop

  func testDroppedFilesOpenAndOtherLinksAreRefused() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let browser = h.makeBrowser(expecting: 3)
      browser.dropped([folder.appendingPathComponent("photo-2.png").absoluteString])
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.viewModel.current.value?.displayName == "photo-2.png" }))
      XCTAssertTrue(MainLoop.iterate(until: { browser.viewModel.items.value.count == 3 }))
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.recent.entries.count == 1 }), "a dropped file is recent")
      let notices = browser.viewModel.notice.value
      browser.dropped(browser.draggedURIs())
      XCTAssertEqual(browser.viewModel.notice.value, notices, "its own image back: nothing")
      browser.dropped(["https://example.org/cat.jpg"])
      XCTAssertEqual(
        browser.viewModel.notice.value?.message,
        "Only files and folders on this computer can be opened.")
      XCTAssertEqual(browser.viewModel.current.value?.displayName, "photo-2.png")
    }
  }

  func testDraggingOutCarriesTheCurrentImagesFile() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      let browser = h.makeBrowser(expecting: 4)
      XCTAssertNotNil(
        gtk_drag_source_get_target_list(browser.strip.canvas.pointer(as: GtkWidget.self)),
        "the strip is a drag source")
      XCTAssertNotNil(
        gtk_drag_dest_get_target_list(browser.window.pointer(as: GtkWidget.self)),
        "the window takes drops")
      h.clickThumbnail(2, in: browser)
      XCTAssertEqual(
        browser.draggedURIs(), [folder.appendingPathComponent("photo-3.png").absoluteString])
    }
  }
}
