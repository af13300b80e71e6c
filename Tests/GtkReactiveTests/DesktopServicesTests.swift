// Launching applications with files, D-Bus calls, GSettings schema look-ups, recent files.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class DesktopServicesTests: GtkTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("desktop-services-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  // MARK: AppInfo.launch

  func testLaunchingAnApplicationHandsItTheFiles() throws {
    let folder = self.folder!
    try gtk {
      let photo = folder.appendingPathComponent("a photo.png")
      try Data("png".utf8).write(to: photo)
      let marker = folder.appendingPathComponent("opened.txt")
      let app = try AnyAppInfo.commandLine(
        "sh -c 'printf %s \"$1\" > \"\(marker.path)\"' sh %f", name: "Recorder")
      try app.launch([photo])
      XCTAssertTrue(
        MainLoop.iterate(until: { FileManager.default.fileExists(atPath: marker.path) }),
        "the program ran")
      XCTAssertTrue(
        MainLoop.iterate(until: { (try? String(contentsOf: marker, encoding: .utf8)) == photo.path }
        ),
        "with the file's path as its argument")
    }
  }

  // MARK: D-Bus

  func testACallWithoutASessionBusFailsWithGLibsError() {
    gtk {
      // GtkTestCase runs without a session bus (DBUS_SESSION_BUS_ADDRESS=disabled:).
      var failure: GLibError?
      let call = DBusMethodCall(
        destination: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
        interface: "org.freedesktop.FileManager1", method: "ShowItems",
        arguments: [.strings(["file:///tmp/x.png"]), .string("")])
      XCTAssertEqual(call.signature, "(ass)")
      let subscription = call.send().subscribe(error: { failure = $0 })
      XCTAssertTrue(MainLoop.iterate(until: { failure != nil }), "it fails, without blocking")
      subscription.dispose()
    }
  }

  func testCallsOnAPrivateBusGetRepliesAndErrors() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
      throw XCTSkip("dbus-daemon is not installed")
    }
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = ["--session", "--nofork", "--print-address=1"]
    let output = Pipe()
    daemon.standardOutput = output
    try daemon.run()
    defer { daemon.terminate() }
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    let address = try XCTUnwrap(line.split(separator: "\n").first.map(String.init))
    gtk {
      var replies: [String] = []
      var errors: [GLibError] = []
      let hasOwner = DBusMethodCall(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", method: "NameHasOwner",
        arguments: [.string("org.freedesktop.DBus")])
      let first = hasOwner.send(on: .address(address))
        .subscribe(next: { replies.append($0) }, error: { errors.append($0) })
      XCTAssertTrue(MainLoop.iterate(until: { !replies.isEmpty || !errors.isEmpty }))
      XCTAssertEqual(replies, ["(true,)"])
      // Nobody owns the file manager's name on this bus: the call fails, as on a
      // desktop without one.
      let showItems = DBusMethodCall(
        destination: "org.freedesktop.FileManager1", path: "/org/freedesktop/FileManager1",
        interface: "org.freedesktop.FileManager1", method: "ShowItems",
        arguments: [.strings(["file:///tmp/x.png"]), .string("")])
      let second = showItems.send(on: .address(address))
        .subscribe(next: { replies.append($0) }, error: { errors.append($0) })
      XCTAssertTrue(MainLoop.iterate(until: { !errors.isEmpty }))
      XCTAssertTrue(errors.first?.message.contains("FileManager1") ?? false, "\(errors)")
      first.dispose()
      second.dispose()
    }
  }

  func testDisposingACallInFlightSendsNothing() {
    gtk {
      var events = 0
      let subscription = DBusMethodCall(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
        interface: "org.freedesktop.DBus", method: "GetId"
      ).send().subscribe(next: { _ in events += 1 }, error: { _ in events += 1 })
      subscription.dispose()
      MainLoop.iterate(for: .milliseconds(200))
      XCTAssertEqual(events, 0)
    }
  }

  // MARK: GSettings schemas

  func testSchemasAreLookedUpWithoutAborting() {
    gtk {
      XCTAssertTrue(Gio.Settings.isInstalled("org.gtk.Settings.FileChooser"))
      XCTAssertTrue(Gio.Settings.isInstalled("org.gtk.Settings.FileChooser", keys: ["sort-column"]))
      XCTAssertFalse(
        Gio.Settings.isInstalled("org.gtk.Settings.FileChooser", keys: ["no-such-key"]))
      XCTAssertFalse(Gio.Settings.isInstalled("org.example.NoSuchSchema"))
      XCTAssertNil(Gio.Settings.ifInstalled("org.example.NoSuchSchema"))
      let settings = Gio.Settings.ifInstalled("org.gtk.Settings.FileChooser")
      XCTAssertEqual(settings?.string("sort-column"), "name", "the memory backend's default")
    }
  }

  // MARK: Recent files

  func testARecentManagerWithItsOwnFileListsWhatWasAdded() throws {
    let folder = self.folder!
    try gtk {
      let list = folder.appendingPathComponent("recent.xbel")
      let photo = folder.appendingPathComponent("photo.png")
      try Data("not really".utf8).write(to: photo)
      let manager = RecentManager(filename: list.path)
      XCTAssertEqual(manager.filename, list.path)
      XCTAssertEqual(manager.items, [])
      XCTAssertTrue(manager.addItem(photo.absoluteString))
      XCTAssertTrue(MainLoop.iterate(until: { !manager.items.isEmpty }), "added in the background")
      let item = try XCTUnwrap(manager.items.first)
      XCTAssertEqual(item.uri, photo.absoluteString)
      XCTAssertEqual(item.displayName, "photo.png")
      XCTAssertTrue(item.exists)
      XCTAssertFalse(item.mimeType.isEmpty)
      XCTAssertTrue(
        MainLoop.iterate(until: { FileManager.default.fileExists(atPath: list.path) }),
        "written to its own file")
    }
  }

  // MARK: Menus

  func testASubmenuShowsAModelThatChangesLater() {
    gtk {
      let recent = Gio.Menu()
      let menu = Gio.Menu { MenuEntry.submenu("Open _Recent", model: recent) }
      XCTAssertEqual(menu.nItems, 1)
      recent.append { MenuEntry.item("photo.png", action: "win.open-recent", target: "file:///p") }
      let link = menu.itemLink(0, link: "submenu")
      XCTAssertEqual(link?.nItems, 1, "the submenu is the model itself")
    }
  }
}
