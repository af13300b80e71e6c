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

  func testSubscribingFromAnotherThreadStartsOnTheMainThreadAndDeliversThere() throws {
    let path = try url("note.txt", contents: "from afar").path
    try gtk {
      let load = gioFile(path).rx.loadContents().map {
        String(decoding: $0.contents, as: UTF8.self)
      }
      let recorder = OffMainRecorder()
      let subscribed = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        recorder.keep(load.subscribe(next: { recorder.record($0) }))
        subscribed.signal()
      }
      XCTAssertEqual(subscribed.wait(timeout: .now() + 5), .success)
      runMainLoop(until: { recorder.texts == ["from afar"] })
      XCTAssertTrue(recorder.onMainThread)
      // Disposed from another thread too: cancelling is thread-safe.
      let disposed = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        recorder.dispose()
        disposed.signal()
      }
      XCTAssertEqual(disposed.wait(timeout: .now() + 5), .success)
      _ = try XCTUnwrap(recorder.texts.first)
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

  // MARK: Writing

  func testReplacingContentsWritesTheFileAndGivesItsNewEntityTag() throws {
    let url = try url("out.txt", contents: "old")
    try gtk {
      let out = gioFile(url.path)
      let etag = LoopTask {
        try await out.replaceContents(
          Array("new text".utf8), etag: nil, makeBackup: false, flags: [])
      }.value()
      XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "new text")
      XCTAssertNotNil(etag ?? nil)

      // Through the signal, from GBytes; a stale entity tag is refused, as GIO does.
      let stale = EventRecorder(
        out.rx.replaceContentsBytes(Array("x".utf8), etag: "0:0", makeBackup: false, flags: []))
      stale.waitForEnd()
      XCTAssertEqual(stale.error?.isIOError(.wrongEtag), true, "\(String(describing: stale.error))")
      let fresh = EventRecorder(
        out.rx.replaceContentsBytes(
          Array("newer".utf8), etag: etag ?? nil, makeBackup: false, flags: []))
      fresh.waitForEnd()
      XCTAssertTrue(fresh.completed, "\(String(describing: fresh.error))")
      XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "newer")
    }
  }

  func testStreamsWriteThenReadTheSameBytes() throws {
    let path = try url("stream.bin").path
    gtk {
      let file = gioFile(path)
      let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
      let written = LoopTask { () async throws -> Int in
        let output = try await file.create([])
        let count = try await output.writeAll(bytes)
        try await output.close()
        return count
      }.value()
      XCTAssertEqual(written, bytes.count)

      let read = LoopTask { () async throws -> [[UInt8]] in
        let input = try await file.read()
        let head = try await input.read(10)  // into a buffer GIO fills
        let skipped = try await input.skip(90)
        XCTAssertEqual(skipped, 90)
        let rest = try await input.readAll(200_000)  // to the end: fewer than asked
        let after = try await input.readBytes(16)  // at the end: nothing
        let info = try await input.queryInfo("standard::size")
        XCTAssertEqual(info.size, bytes.count)
        try await input.close()
        return [head, rest, after]
      }.value()
      XCTAssertEqual(read?[0], Array(bytes[0..<10]))
      XCTAssertEqual(read?[1], Array(bytes[100...]))
      XCTAssertEqual(read?[2], [])
    }
  }

  func testAStreamLoadsAnImageThroughGdkPixbufsAsyncLoader() throws {
    let sample = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("resources/samples/bubbles-transparent.png")
    gtk {
      let image = gioFile(sample.path)
      let pixbuf = LoopTask { () async throws -> Pixbuf in
        try await Pixbuf.fromStream(try await image.read())
      }.value()
      XCTAssertGreaterThan(pixbuf?.width ?? 0, 0)
      XCTAssertEqual(pixbuf?.hasAlpha, true)

      var scaled: Pixbuf?
      let subscription = image.rx.read()
        .flatMap(.concat) { stream in
          Pixbuf.rx.fromStreamAtScale(stream, width: 32, height: 32, preserveAspectRatio: true)
        }
        .subscribe(next: { scaled = $0 })
      runMainLoop(until: { scaled != nil })
      XCTAssertLessThanOrEqual(scaled?.width ?? 99, 32)
      XCTAssertLessThanOrEqual(scaled?.height ?? 99, 32)
      subscription.dispose()

      let notAnImage = LoopTask { () async throws -> Pixbuf in
        try await Pixbuf.fromStream(try await gioFile(#filePath).read())
      }.glibError()
      XCTAssertEqual(notAnImage?.domain, "gdk-pixbuf-error-quark")
    }
  }

  // MARK: Enumerating

  private func makeFolder(files count: Int) throws -> URL {
    let children = folder.appendingPathComponent("children", isDirectory: true)
    try FileManager.default.createDirectory(at: children, withIntermediateDirectories: true)
    for index in 0..<count {
      try Data(repeating: 1, count: index).write(
        to: children.appendingPathComponent(String(format: "file-%02d.txt", index)))
    }
    return children
  }

  func testEnumeratingAFolderSendsItsFilesInBatchesThenCompletes() throws {
    let children = try makeFolder(files: 25)
    gtk {
      let folder = gioFile(children.path)
      let recorder = EventRecorder(
        folder.rx.enumerateChildren("standard::name,standard::size", flags: [])
          .flatMap(.concat) { $0.rx.batches(of: 10) })
      recorder.waitForEnd()
      XCTAssertTrue(recorder.completed, "\(String(describing: recorder.error))")
      XCTAssertEqual(recorder.values.map(\.count), [10, 10, 5])
      let infos = recorder.values.flatMap { $0 }
      XCTAssertEqual(
        Set(infos.map(\.name)), Set((0..<25).map { String(format: "file-%02d.txt", $0) }))
      XCTAssertEqual(infos.first { $0.name == "file-07.txt" }?.size, 7)
      XCTAssertTrue(recorder.onMainThread)
    }
  }

  func testEnumeratingAsAnAsyncSequenceReadsOneBatchPerIteration() throws {
    let children = try makeFolder(files: 7)
    gtk {
      let folder = gioFile(children.path)
      let sizes = LoopTask { () async throws -> [Int] in
        let enumerator = try await folder.enumerateChildren("standard::name", flags: [])
        var sizes: [Int] = []
        for try await batch in enumerator.batches(of: 3) { sizes.append(batch.count) }
        XCTAssertTrue(enumerator.isClosed, "the end closes the enumerator")
        return sizes
      }.value()
      XCTAssertEqual(sizes, [3, 3, 1])

      let missing = LoopTask { () async throws -> Int in
        var count = 0
        let enumerator = try await gioFile(children.appendingPathComponent("nope").path)
          .enumerateChildren("standard::name", flags: [])
        for try await batch in enumerator.batches() { count += batch.count }
        return count
      }.glibError()
      XCTAssertEqual(missing?.isIOError(.notFound), true)
    }
  }
}

/// What a subscription made on another thread received, and on which thread.
private final class OffMainRecorder: @unchecked Sendable {
  // @unchecked: written under `lock`.
  private let lock = NSLock()
  private var received: [String] = []
  private var allOnMain = true
  private var subscription: Disposable?

  var texts: [String] { lock.withLock { received } }
  var onMainThread: Bool { lock.withLock { allOnMain } }

  func record(_ text: String) {
    lock.withLock {
      received.append(text)
      allOnMain = allOnMain && Thread.isMainThread
    }
  }

  func keep(_ subscription: Disposable) { lock.withLock { self.subscription = subscription } }

  func dispose() { lock.withLock { subscription }?.dispose() }
}
