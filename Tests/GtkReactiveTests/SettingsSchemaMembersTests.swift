// Settings on a schema read from a folder of the app's own and on a backend of its
// choosing: the schema source, the schema and its keys, and the settings made from them.
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class SettingsSchemaMembersTests: GtkTestCase {
  private static let schema = """
    <schemalist>
      <schema id="org.example.Notes" path="/org/example/Notes/">
        <key name="font-size" type="i">
          <range min="6" max="72"/>
          <default>11</default>
          <summary>Font size</summary>
          <description>The editor's font size, in points.</description>
        </key>
        <key name="title" type="s"><default>'Notes'</default></key>
      </schema>
      <schema id="org.example.Notes.Window">
        <key name="width" type="i"><default>800</default></key>
      </schema>
    </schemalist>
    """

  /// A folder holding the compiled schemas, removed when the test ends.
  private func compiledSchemas() throws -> String {
    let folder = NSTemporaryDirectory() + "schemas-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
    try Self.schema.write(
      toFile: folder + "/org.example.Notes.gschema.xml", atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
    compiler.arguments = [folder]
    try compiler.run()
    compiler.waitUntilExit()
    XCTAssertEqual(compiler.terminationStatus, 0)
    return folder
  }

  func testASchemaFromAFolderDescribesItsKeys() throws {
    let folder = try compiledSchemas()
    try gtk {
      let source = try XCTUnwrap(try SettingsSchemaSource(directory: folder, trusted: true))
      let (fixed, relocatable) = source.listSchemas(false)
      XCTAssertEqual(fixed, ["org.example.Notes"])
      XCTAssertEqual(relocatable, ["org.example.Notes.Window"])
      XCTAssertNil(source.lookup("org.example.Missing", recursive: false))
      let schema = try XCTUnwrap(source.lookup("org.example.Notes", recursive: false))
      XCTAssertEqual(schema.id, "org.example.Notes")
      XCTAssertEqual(schema.path, "/org/example/Notes/")
      XCTAssertEqual(Set(schema.listKeys()), ["font-size", "title"])
      let key = schema.key("font-size")
      XCTAssertEqual(key.name, "font-size")
      XCTAssertEqual(key.summary, "Font size")
      XCTAssertEqual(key.defaultValue.value(as: Int32.self), 11)
      XCTAssertTrue(key.rangeCheck(Variant(Int32(12))))
      XCTAssertFalse(key.rangeCheck(Variant(Int32(100))), "outside the schema's range")
    }
  }

  func testSettingsOnAnAppsSchemaAndBackendKeepTheirValues() throws {
    let folder = try compiledSchemas()
    try gtk {
      let source = try XCTUnwrap(try SettingsSchemaSource(directory: folder, trusted: true))
      let schema = try XCTUnwrap(source.lookup("org.example.Notes", recursive: false))
      // The test process's default backend is GIO's memory backend (GtkTestCase).
      let backend = try XCTUnwrap(SettingsBackend.default)
      let settings = Gio.Settings(schema: schema, backend: backend)
      XCTAssertEqual(settings.settingsSchema?.id, "org.example.Notes")
      XCTAssertTrue(settings.backend === backend || settings.backend?.opaque == backend.opaque)
      XCTAssertEqual(settings.int("font-size"), 11)
      XCTAssertTrue(settings.setInt("font-size", value: 14))
      XCTAssertEqual(settings.int("font-size"), 14)
      // A second settings object on the same backend and path sees the value.
      let again = Gio.Settings(schema: schema, backend: backend)
      XCTAssertEqual(again.int("font-size"), 14)
      // A relocatable schema needs a path.
      let window = try XCTUnwrap(source.lookup("org.example.Notes.Window", recursive: false))
      let placed = Gio.Settings(schema: window, backend: backend, path: "/org/example/Notes/main/")
      XCTAssertEqual(placed.path, "/org/example/Notes/main/")
      XCTAssertEqual(placed.int("width"), 800)
    }
  }

  func testABackendsChangeNotificationsReachTheSettingsOnIt() throws {
    let folder = try compiledSchemas()
    try gtk {
      let source = try XCTUnwrap(try SettingsSchemaSource(directory: folder, trusted: true))
      let schema = try XCTUnwrap(source.lookup("org.example.Notes", recursive: false))
      let backend = try XCTUnwrap(SettingsBackend.default)
      let settings = Gio.Settings(schema: schema, backend: backend)
      var changed: [String] = []
      let subscription = settings.rx.changed.subscribe(next: { changed.append($0) })
      defer { subscription.dispose() }
      // What a backend says when its store changed under it (another process wrote).
      backend.changed("/org/example/Notes/font-size")
      XCTAssertEqual(changed, ["font-size"])
      backend.keysChanged("/org/example/Notes/", items: ["title"])
      XCTAssertEqual(changed, ["font-size", "title"])
      backend.pathChanged("/org/example/Notes/")
      XCTAssertEqual(Set(changed.dropFirst(2)), ["font-size", "title"], "each key under the path")
      backend.changed("/org/example/Other/font-size")
      XCTAssertEqual(changed.count, 4, "another path")
    }
  }

  func testABuilderParsesAValueAsTheTypeItIsRead() throws {
    try gtk {
      let builder = Builder()
      XCTAssertEqual(try builder.valueFromStringType("42", as: Int32.self).value, 42)
      XCTAssertEqual(try builder.valueFromStringType("yes", as: Bool.self).value, true)
      XCTAssertEqual(try builder.valueFromStringType("Notes", as: String.self).value, "Notes")
      XCTAssertThrowsError(try builder.valueFromStringType("forty-two", as: Int32.self))
    }
  }
}
