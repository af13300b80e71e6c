// GIO's asynchronous file operations through the generated API, on real files: each as an
// `async` function and as a cold signal on `.rx`.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import ReactiveTesting
import XCTest

final class GioFileAsyncTests: GtkTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gio-async-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// The URL of `name` in the test's folder, written with `contents` unless nil.
  private func url(_ name: String, contents: String? = nil) throws -> URL {
    let url = folder.appendingPathComponent(name)
    if let contents { try Data(contents.utf8).write(to: url) }
    return url
  }

  // MARK: Reading

  func testLoadingContentsAwaitsTheBytes() throws {
    let path = try url("note.txt", contents: "hello, GIO").path
    gtk {
      let note = gioFile(path)
      let task = LoopTask { try await note.loadContents() }
      let loaded = task.value()
      XCTAssertEqual(loaded.map { String(decoding: $0.contents, as: UTF8.self) }, "hello, GIO")
      XCTAssertNotNil(loaded?.etag, "the entity tag comes with the contents")
      XCTAssertTrue(task.resumedOnMainThread)
    }
  }

  func testTheSignalSendsTheContentsOnTheMainThreadThenCompletes() throws {
    let path = try url("note.txt", contents: "line one\nline two\n").path
    gtk {
      let note = gioFile(path)
      let recorder = EventRecorder(note.rx.loadContents())
      XCTAssertTrue(recorder.values.isEmpty, "nothing arrives during subscribe")
      recorder.waitForEnd()
      XCTAssertEqual(recorder.values.map { $0.contents.count }, [18])
      XCTAssertTrue(recorder.completed)
      XCTAssertTrue(recorder.onMainThread)
    }
  }

  func testTheSignalIsColdEachSubscriptionReadsAgain() throws {
    let url = try url("note.txt", contents: "first")
    try gtk {
      let note = gioFile(url.path)
      let load = note.rx.loadContents().map { String(decoding: $0.contents, as: UTF8.self) }
      var texts: [String] = []
      load.subscribe(next: { texts.append($0) })
      runMainLoop(until: { texts.count == 1 })
      try Data("second".utf8).write(to: url)
      load.subscribe(next: { texts.append($0) })
      runMainLoop(until: { texts.count == 2 })
      XCTAssertEqual(texts, ["first", "second"])
    }
  }

  func testAMissingFileFailsWithGIOsNotFound() throws {
    let path = try url("missing.txt").path
    gtk {
      let missing = gioFile(path)
      let error = LoopTask { try await missing.loadContents() }.glibError()
      XCTAssertEqual(error?.domain, "g-io-error-quark")
      XCTAssertEqual(error?.isIOError(.notFound), true, "\(String(describing: error))")
      XCTAssertEqual(error?.isCancelled, false)
      XCTAssertTrue(error?.message.contains("missing.txt") ?? false)

      let recorder = EventRecorder(missing.rx.loadContents())
      recorder.waitForEnd()
      XCTAssertTrue(recorder.values.isEmpty)
      XCTAssertEqual(recorder.error, error, "the same error through the signal")
      XCTAssertFalse(recorder.completed)
    }
  }
}
