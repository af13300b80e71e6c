// GFileMonitor as a signal: files created, renamed, changed and deleted in a real folder.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class FileMonitorTests: GtkTestCase {
  private var folder: URL!

  override func setUp() {
    super.setUp()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gtkreactive-monitor-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  private static func path(_ name: String, in folder: URL) -> [UInt8] {
    Array(folder.appendingPathComponent(name).path.utf8)
  }

  func testReportsCreationRenameChangeAndDeletion() throws {
    let folder = self.folder!
    try gtk {
      let monitor = try FileMonitor.watchingFolder(atPath: Array(folder.path.utf8))
      monitor.rateLimit = 0
      var changes: [FileChange] = []
      let subscription = monitor.rx.changes.subscribe(next: { changes.append($0) })
      defer { subscription.dispose() }
      let a = folder.appendingPathComponent("a.jpg")
      let b = folder.appendingPathComponent("b.jpg")

      try Data("one".utf8).write(to: a)
      XCTAssertTrue(MainLoop.iterate(until: { changes.contains { $0.kind == .created } }))
      XCTAssertEqual(changes.first { $0.kind == .created }?.path, Self.path("a.jpg", in: folder))

      changes = []
      try FileManager.default.moveItem(at: a, to: b)
      XCTAssertTrue(MainLoop.iterate(until: { changes.contains { $0.kind == .renamed } }))
      let rename = changes.first { $0.kind == .renamed }
      XCTAssertEqual(rename?.path, Self.path("a.jpg", in: folder))
      XCTAssertEqual(rename?.otherPath, Self.path("b.jpg", in: folder))

      changes = []
      try Data("two".utf8).write(to: b)
      XCTAssertTrue(MainLoop.iterate(until: { changes.contains { $0.kind == .changed } }))

      changes = []
      try FileManager.default.removeItem(at: b)
      XCTAssertTrue(MainLoop.iterate(until: { changes.contains { $0.kind == .deleted } }))
      XCTAssertEqual(changes.first { $0.kind == .deleted }?.path, Self.path("b.jpg", in: folder))
    }
  }

  func testDisposingStopsReportsAndReleasesTheMonitor() throws {
    let folder = self.folder!
    try gtk {
      let boxes = GtkBoxes.count
      weak var weakMonitor: FileMonitor?
      var changes: [FileChange] = []
      var subscription: Disposable?
      do {
        let monitor = try FileMonitor.watchingFolder(atPath: Array(folder.path.utf8))
        weakMonitor = monitor
        subscription = monitor.rx.changes.subscribe(next: { changes.append($0) })
      }
      subscription?.dispose()
      XCTAssertNil(weakMonitor, "nothing but the caller holds the monitor")
      try Data("x".utf8).write(to: folder.appendingPathComponent("late.jpg"))
      MainLoop.iterate(for: .milliseconds(200))
      XCTAssertEqual(changes, [])
      XCTAssertEqual(GtkBoxes.count, boxes, "the handler's box was released")
    }
  }
}
