// Offscreen rendering to PNG and comparison with a recorded reference.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

final class SnapshotTests: FailureCapturingTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gtkreactivetesting-\(UUID().uuidString)", isDirectory: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  func testWritesAPNGOfAWidgetWithoutAWindow() throws {
    let url = folder.appendingPathComponent("label.png")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    gtk {
      let label = makeLabel("Hello")
      XCTAssertTrue(writePNG(of: label, width: 120, height: 40, to: url))
      XCTAssertNil(gtkParent(of: label), "the offscreen host let go of the label")
    }
    let data = try Data(contentsOf: url)
    XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4e, 0x47], "a PNG signature")
  }

  func testASnapshotIsRecordedThenMatchedThenMismatched() {
    let reference = folder.appendingPathComponent("greeting.png")
    gtk {
      let label = makeLabel("Hello")
      XCTAssertEqual(
        compareSnapshot(of: label, reference: reference, width: 120, height: 40),
        .recorded(reference))
      XCTAssertEqual(
        compareSnapshot(of: label, reference: reference, width: 120, height: 40), .matched)
      XCTAssertEqual(
        compareSnapshot(of: makeLabel("Hello"), reference: reference, width: 120, height: 40),
        .matched, "another label with the same text draws the same")

      label.text = "Goodbye"
      guard
        case .mismatched(let differing, let actual) = compareSnapshot(
          of: label, reference: reference, width: 120, height: 40)
      else { return XCTFail("a changed label must not match") }
      XCTAssertGreaterThan(differing, 0)
      XCTAssertEqual(actual.lastPathComponent, "greeting.actual.png")
      XCTAssertTrue(FileManager.default.fileExists(atPath: actual.path))

      label.text = "Hello"
      XCTAssertEqual(
        compareSnapshot(of: label, reference: reference, width: 120, height: 40), .matched)
      XCTAssertFalse(FileManager.default.fileExists(atPath: actual.path), "stale image removed")
    }
  }

  func testADifferentSizeDoesNotMatch() {
    let reference = folder.appendingPathComponent("sized.png")
    gtk {
      let label = makeLabel("Hello")
      _ = compareSnapshot(of: label, reference: reference, width: 120, height: 40)
      guard
        case .mismatched(let differing, _) = compareSnapshot(
          of: label, reference: reference, width: 120, height: 50)
      else { return XCTFail("a taller image must not match") }
      XCTAssertGreaterThanOrEqual(differing, 120 * 10)
    }
  }

  func testAssertSnapshotFailsNamingThePathAndTheCount() {
    let folder = self.folder!
    let failures = failures {
      gtk {
        assertSnapshot(of: makeLabel("One"), named: "label", width: 80, height: 30, in: folder)
        assertSnapshot(of: makeLabel("One"), named: "label", width: 80, height: 30, in: folder)
        assertSnapshot(of: makeLabel("Two"), named: "label", width: 80, height: 30, in: folder)
      }
    }
    XCTAssertEqual(failures.count, 1, "recorded, matched, then failed: \(failures)")
    let message = failures.first ?? ""
    XCTAssertTrue(message.contains("pixels differ"), message)
    XCTAssertTrue(message.contains(folder.appendingPathComponent("label.png").path), message)
    XCTAssertTrue(message.contains("label.actual.png"), message)
  }

  func testDrawsAShownWindowWhereItIs() throws {
    let url = folder.appendingPathComponent("window.png")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    gtk {
      let window = makeWindow(title: "drawn", width: 200, height: 100)
      defer { window.destroy() }
      window.add(makeLabel("In a window"))
      window.showAll()
      XCTAssertTrue(writePNG(of: window, to: url))
    }
    XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
  }
}
