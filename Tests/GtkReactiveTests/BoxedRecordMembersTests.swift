// Boxed records generated as Swift classes that own their C value (`KeyFile`,
// `PaperSize`, `WidgetPath`, `RecentInfo`, `FrameTimings`), and the members of other
// types that take or give one: a key file written to a real file and read back, GTK's own
// paper sizes, the style path of a real widget, a window's frame timings.
import CGtk
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class BoxedRecordMembersTests: GtkTestCase {
  /// A path in the temporary folder, unique to this process, holding `contents` when
  /// given; removed after the test, with the path plus `suffix` when given.
  private func temporaryPath(
    _ name: String, contents: String? = nil, alsoRemoving suffix: String? = nil
  ) -> String {
    let path = NSTemporaryDirectory() + "\(getpid())-\(name)"
    if let contents {
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(contents.utf8)))
    }
    addTeardownBlock {
      try? FileManager.default.removeItem(atPath: path)
      if let suffix { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    return path
  }

  func testAKeyFileSurvivesARoundTripThroughARealFile() throws {
    let path = temporaryPath("boxed-key-file.ini")
    try gtk {
      let written = KeyFile()
      written.setString("Window", key: "title", string: "Notes — ünïcode")
      written.setInteger("Window", key: "width", value: 640)
      written.setBoolean("Window", key: "maximized", value: true)
      written.setDouble("Editor", key: "zoom", value: 1.25)
      written.setStringList("Editor", key: "recent", list: ["a.md", "b.md"])
      written.setBooleanList("Editor", key: "panes", list: [true, false, true])
      written.setDoubleList("Editor", key: "ratios", list: [0.25, 0.75])
      XCTAssertTrue(try written.setComment("Editor", key: "zoom", comment: " scale"))
      XCTAssertTrue(try written.saveToFile(path))

      let read = KeyFile()
      XCTAssertTrue(try read.loadFromFile(path, flags: [.keepComments]))
      XCTAssertEqual(read.startGroup, "Window")
      XCTAssertEqual(read.groups, ["Window", "Editor"])
      XCTAssertEqual(try read.keys("Window"), ["title", "width", "maximized"])
      XCTAssertEqual(try read.toData(), try written.toData(), "the same text both ways")
      XCTAssertEqual(try read.string("Window", key: "title"), "Notes — ünïcode")
      XCTAssertEqual(try read.integer("Window", key: "width"), 640)
      XCTAssertTrue(try read.boolean("Window", key: "maximized"))
      XCTAssertEqual(try read.double("Editor", key: "zoom"), 1.25)
      XCTAssertEqual(try read.stringList("Editor", key: "recent"), ["a.md", "b.md"])
      XCTAssertEqual(try read.booleanList("Editor", key: "panes"), [true, false, true])
      XCTAssertEqual(try read.doubleList("Editor", key: "ratios"), [0.25, 0.75])
      XCTAssertEqual(try read.comment("Editor", key: "zoom"), " scale")
      XCTAssertTrue(read.hasGroup("Editor"))
      XCTAssertFalse(read.hasGroup("Missing"))
    }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains("[Window]\ntitle=Notes — ünïcode\n"), text)
  }

  func testAMissingKeyOrFileIsAGLibErrorNotACrash() throws {
    try gtk {
      let file = KeyFile()
      file.setInteger("Window", key: "width", value: 1)
      XCTAssertThrowsError(try file.integer("Window", key: "height")) { error in
        XCTAssertTrue("\(error)".contains("height"), "\(error)")
        XCTAssertEqual((error as? GLibError)?.domain, KeyFile.errorQuark())
      }
      XCTAssertThrowsError(try file.string("Nowhere", key: "width"))
      XCTAssertThrowsError(try KeyFile().loadFromFile("/nonexistent/\(getpid()).ini", flags: []))
    }
  }

  func testPaperSizesComeFromGTKsOwnList() throws {
    try gtk {
      let sizes = PaperSize.getPaperSizes(false)
      XCTAssertGreaterThan(sizes.count, 20, "GTK knows many standard sizes")
      let a4 = try XCTUnwrap(sizes.first { $0.name == "iso_a4" })
      XCTAssertEqual(a4.width(.mm), 210, accuracy: 0.01)
      XCTAssertEqual(a4.height(.mm), 297, accuracy: 0.01)
      XCTAssertFalse(a4.isCustom)
      XCTAssertTrue(a4.isEqual(PaperSize(name: "iso_a4")))
      XCTAssertFalse(a4.isEqual(PaperSize(name: "na_letter")))
      let custom = PaperSize(
        name: "card", displayName: "Card", width: 85, height: 54, unit: .mm)
      XCTAssertTrue(custom.isCustom)
      XCTAssertEqual(custom.displayName, "Card")
    }
  }

  func testAPageSetupsPaperSizeIsACopyThatOutlivesTheNextOne() {
    gtk {
      let setup = PageSetup()
      setup.paperSize = PaperSize(name: "iso_a5")
      let kept = setup.paperSize  // a copy of what the setup holds
      setup.paperSize = PaperSize(name: "na_letter")  // frees the A5 the setup held
      XCTAssertEqual(kept.name, "iso_a5")
      XCTAssertEqual(setup.paperSize.name, "na_letter")
      let copy = kept.copy()
      XCTAssertTrue(copy.isEqual(kept))
    }
  }

  func testPrintSettingsAndAPaperSizeRoundTripThroughAKeyFile() throws {
    try gtk {
      let settings = PrintSettings()
      settings.paperSize = PaperSize(name: "iso_a3")
      settings.nCopies = 3
      let file = KeyFile()
      settings.toKeyFile(file, groupName: "Print")
      PaperSize(name: "iso_b5").toKeyFile(file, groupName: "Paper")
      XCTAssertTrue(file.hasGroup("Print"))

      let loaded = try XCTUnwrap(PrintSettings(keyFile: file, groupName: "Print"))
      XCTAssertEqual(loaded.nCopies, 3)
      XCTAssertEqual(loaded.paperSize.name, "iso_a3")
      let paper = try XCTUnwrap(PaperSize(keyFile: file, groupName: "Paper"))
      XCTAssertEqual(paper.name, "iso_b5")
      XCTAssertThrowsError(try PaperSize(keyFile: file, groupName: "Missing"))
    }
  }

  func testARealWidgetsPathNamesItsAncestors() {
    gtk {
      let window = Window(type: .toplevel)
      let box = Box(orientation: .vertical, spacing: 0)
      let label = Label("path")
      label.styleContext?.addClass("title")
      box.add(label)
      window.add(box)
      let path = label.path
      XCTAssertEqual(path.length(), 3)
      XCTAssertEqual(path.iterGetObjectName(0), "window")
      XCTAssertEqual(path.iterGetObjectName(2), "label")
      XCTAssertTrue(path.iterHasClass(2, name: "title"))
      XCTAssertTrue(path.iterHasQclass(2, qname: "title"), "the same class, as a quark")
      XCTAssertTrue(path.isType(Label.self))
      XCTAssertTrue(path.hasParent(Box.self))
      XCTAssertFalse(path.hasParent(Button.self))
      XCTAssertTrue(path.toString().hasPrefix("window:"), path.toString())
      XCTAssertTrue(path.toString().hasSuffix(" label:dir-ltr.title"), path.toString())

      let built = WidgetPath()
      XCTAssertEqual(built.appendType(Window.self), 0)
      XCTAssertEqual(built.appendType(Button.self), 1)
      built.iterSetName(1, name: "ok")
      XCTAssertEqual(built.iterGetName(1), "ok")
      XCTAssertTrue(built.iterHasQname(1, qname: "ok"))
      XCTAssertTrue(built.hasParent(Window.self))
      window.destroy()
    }
  }

  func testAShownWindowsFrameClockGivesTimings() throws {
    try gtk {
      let window = Window(type: .toplevel)
      window.setDefaultSize(120, height: 80)
      window.showAll()
      let clock = try XCTUnwrap(window.frameClock)
      // Without a compositor the clock ticks only while something asks for frames.
      let tick = window.addTickCallback { _, _ in true }
      defer { window.removeTickCallback(tick) }
      runMainLoop(until: { clock.frameCounter > 1 })
      let timings = try XCTUnwrap(clock.timings(clock.frameCounter - 1))
      XCTAssertEqual(timings.frameCounter, clock.frameCounter - 1)
      XCTAssertGreaterThan(timings.frameTime, 0)
      XCTAssertNil(clock.timings(clock.frameCounter + 1_000), "a frame not yet drawn")
      window.destroy()
    }
  }

  func testARecentItemReadsBackAsRecentInfo() throws {
    let path = temporaryPath("boxed-recent.txt", contents: "x", alsoRemoving: ".xbel")
    let uri = URL(fileURLWithPath: path).absoluteString
    try gtk {
      let manager = recentManager(storedIn: path + ".xbel")
      XCTAssertTrue(manager.addItem(uri))
      // GTK reads the file's type before it records the item (and asking a manager with
      // no items yet whether it has one logs a critical: its list is read instead).
      runMainLoop(until: { uris(of: manager).contains(uri) })
      let info = try XCTUnwrap(try manager.lookupItem(uri))
      XCTAssertEqual(info.uri, uri)
      XCTAssertTrue(info.isLocal)
      XCTAssertTrue(info.exists())
      XCTAssertTrue(manager.hasItem(uri))
      XCTAssertTrue(try manager.removeItem(uri))
      XCTAssertThrowsError(try manager.lookupItem(uri))
    }
  }

  func testAnApplicationRegistersARecentItemWithItsMetadata() throws {
    let path = temporaryPath("boxed-recent-full.md", contents: "# x", alsoRemoving: ".xbel")
    let uri = URL(fileURLWithPath: path).absoluteString
    try gtk {
      let manager = recentManager(storedIn: path + ".xbel")
      let data = RecentData(
        description: "Meeting notes", mimeType: "text/markdown", appName: "Notes",
        appExec: "notes %u", groups: ["notes"])
      XCTAssertTrue(manager.addFull(uri, recentData: data))
      runMainLoop(until: { uris(of: manager).contains(uri) })
      let full = try XCTUnwrap(try manager.lookupItem(uri))
      XCTAssertEqual(full.mimeType, "text/markdown")
      XCTAssertEqual(full.description, "Meeting notes")
      XCTAssertTrue(full.hasApplication("Notes"))
      let registered = full.applicationInfo("Notes")
      XCTAssertTrue(registered.result)
      XCTAssertEqual(registered.appExec?.hasPrefix("notes "), true, "\(registered)")
      XCTAssertTrue(try manager.removeItem(uri))
    }
  }

  func testGdkPixbufsFormatsDescribeARealImage() throws {
    let sample = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("resources/samples/bubbles-transparent.png")
    let bytes = [UInt8](try Data(contentsOf: sample))
    try gtk {
      let png = try XCTUnwrap(Pixbuf.formats.first { $0.name == "png" })
      XCTAssertTrue(png.mimeTypes.contains("image/png"))
      XCTAssertTrue(png.extensions.contains("png"))
      XCTAssertTrue(png.isWritable)
      XCTAssertFalse(png.isDisabled)

      let info = Pixbuf.getFileInfo(sample.path)
      XCTAssertEqual(info.result?.name, "png")
      XCTAssertGreaterThan(info.width, 0)
      XCTAssertNil(Pixbuf.getFileInfo("/nonexistent/\(getpid()).png").result)

      let loader = PixbufLoader()
      XCTAssertNil(loader.format, "nothing read yet")
      XCTAssertTrue(try loader.write(bytes))
      XCTAssertTrue(try loader.close())
      XCTAssertEqual(loader.format?.name, "png")

      let later = LoopTask { () async throws -> String? in
        try await Pixbuf.getFileInfo(sample.path).result?.name
      }.value()
      XCTAssertEqual(later, "png")
    }
  }

  func testAFilesSettableAttributesAreAListToLookUp() throws {
    let path = temporaryPath("boxed-attributes.txt", contents: "x")
    try gtk {
      let file = try XCTUnwrap(AnyFile.newForPath(path))
      let settable = try file.querySettableAttributes(nil)
      let mode = try XCTUnwrap(settable.lookup("unix::mode"))
      XCTAssertEqual(mode.name, "unix::mode")
      XCTAssertEqual(mode.type, .uint32)
      XCTAssertNil(settable.lookup("no::such-attribute"), "NULL from C is nil")
      let namespaces = try file.queryWritableNamespaces(nil)
      XCTAssertNotNil(namespaces.lookup("xattr") ?? namespaces.lookup("metadata"))

      let made = FileAttributeInfoList()
      made.add("notes::tag", type: .string, flags: [.copyWithFile])
      let copy = made.dup()
      XCTAssertEqual(
        copy.lookup("notes::tag"),
        FileAttributeInfo(name: "notes::tag", type: .string, flags: [.copyWithFile]))
    }
  }
}

/// A recent-files manager of its own, storing its items in `path` (not the user's list):
/// its `filename` is a construct-only property, which no generated constructor sets.
@MainActor
private func recentManager(storedIn path: String) -> RecentManager {
  var value = GValue()
  g_value_init(&value, String.valueType)
  path.write(to: &value)
  defer { g_value_unset(&value) }
  let object = "filename".withCString { name in
    var names: [UnsafePointer<CChar>?] = [name]
    return g_object_new_with_properties(gtk_recent_manager_get_type(), 1, &names, &value)
  }
  return RecentManager(takingOwnership: UnsafeMutableRawPointer(object!))
}

/// The URIs of the items a manager holds.
@MainActor
private func uris(of manager: RecentManager) -> [String] {
  let items: [RecentInfo] = manager.items
  return items.map(\.uri)
}
