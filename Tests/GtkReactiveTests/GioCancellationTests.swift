// Progress, cancellation and leaks of GIO's asynchronous calls: a copy reports its progress
// as values; disposing or cancelling the task stops a call mid-way; what arrives after a
// disposal is dropped; every Swift object handed to GLib is freed.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import ReactiveTesting
import XCTest

/// The size of a file a copy is cancelled in: large enough that the copy is still running
/// when its first report arrives (GIO copies in 1 MiB steps and reports after each; this
/// machine writes ~100–200 MB/s).
private let bigCopySize = 32 << 20

/// The size of the file at `path`, nil when there is none.
private func size(_ path: String) -> Int? {
  (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
}

final class GioCancellationTests: GtkTestCase {
  private var folder: URL!
  private let bigSize = bigCopySize

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("gio-cancel-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
    super.tearDown()
  }

  /// A file of `size` bytes (sparse: made at once; GIO still copies every byte).
  private func bigFile(_ name: String, size: Int) throws -> String {
    let url = folder.appendingPathComponent(name)
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    return url.path
  }

  // MARK: Progress

  func testACopySendsItsProgressThenItsResult() throws {
    let source = try bigFile("source.bin", size: 4 << 20)
    let target = folder.appendingPathComponent("copy.bin").path
    gtk {
      let recorder = EventRecorder(gioFile(source).rx.copy(gioFile(target), flags: []))
      recorder.waitForEnd()
      XCTAssertTrue(recorder.completed, "\(String(describing: recorder.error))")
      let reports = recorder.values.compactMap(\.progress)
      XCTAssertFalse(reports.isEmpty, "progress arrives as values")
      XCTAssertEqual(reports.map(\.currentBytes), reports.map(\.currentBytes).sorted())
      XCTAssertEqual(reports.last, FileProgress(currentBytes: 4 << 20, totalBytes: 4 << 20))
      XCTAssertEqual(reports.last?.fraction, 1)
      XCTAssertNotNil(recorder.values.last?.result, "the result comes last")
      XCTAssertEqual(recorder.values.filter { $0.result != nil }.count, 1)
      XCTAssertTrue(recorder.onMainThread)
      XCTAssertEqual(size(target), 4 << 20)
    }
  }

  func testAnAwaitedCopyHandsItsProgressToAClosure() throws {
    let source = try bigFile("source.bin", size: 3 << 20)
    let target = folder.appendingPathComponent("copy.bin").path
    gtk {
      var fractions: [Double] = []
      let task = LoopTask {
        try await gioFile(source).copy(gioFile(target), flags: []) { fractions.append($0.fraction) }
      }
      XCTAssertNotNil(task.value())
      XCTAssertEqual(fractions.last, 1)
      XCTAssertEqual(size(target), 3 << 20)
      // Without a closure GIO is asked for no progress at all.
      let again = LoopTask { try await gioFile(source).copy(gioFile(target), flags: [.overwrite]) }
      XCTAssertNotNil(again.value())
    }
  }

  func testMovingAndMeasuringReportTheirProgressToo() throws {
    let source = try bigFile("source.bin", size: 2 << 20)
    let children = folder.appendingPathComponent("tree", isDirectory: true)
    try FileManager.default.createDirectory(at: children, withIntermediateDirectories: true)
    for index in 0..<5 {
      try Data(repeating: 7, count: 4096).write(to: children.appendingPathComponent("f\(index)"))
    }
    let moved = children.appendingPathComponent("moved.bin").path
    gtk {
      var moves: [FileProgress] = []
      let move = LoopTask {
        try await gioFile(source).move(gioFile(moved), flags: []) { moves.append($0) }
      }
      XCTAssertNotNil(move.value())
      XCTAssertEqual(size(moved), 2 << 20)
      XCTAssertNil(size(source), "moved, not copied")
      _ = moves  // a move within one file system is a rename: GIO may report nothing

      let recorder = EventRecorder(gioFile(children.path).rx.measureDiskUsage([]))
      recorder.waitForEnd()
      XCTAssertTrue(recorder.completed, "\(String(describing: recorder.error))")
      let usage = recorder.values.last?.result
      XCTAssertEqual(usage?.numFiles, 6)
      XCTAssertEqual(usage?.numDirs, 1)
      XCTAssertGreaterThanOrEqual(usage?.diskUsage ?? 0, 5 * 4096)
      let reports = recorder.values.compactMap(\.progress)
      XCTAssertFalse(reports.isEmpty, "GIO reports as it walks the tree")
      XCTAssertTrue(reports.allSatisfy { $0.files <= 6 })
    }
  }

  // MARK: Cancelling mid-way

  func testDisposingACopyMidWayStopsItAndSendsNothingMore() throws {
    let source = try bigFile("source.bin", size: bigSize)
    let target = folder.appendingPathComponent("copy.bin").path
    gtk {
      let boxes = GtkBoxes.count
      var eventsAfterDispose = 0
      var disposed = false
      var recorder: EventRecorder<ProgressEvent<FileProgress, Void>>!
      recorder = EventRecorder(gioFile(source).rx.copy(gioFile(target), flags: [])) { event in
        if disposed { eventsAfterDispose += 1 }
        if case .progress(let report) = event, !disposed {
          XCTAssertLessThan(report.currentBytes, report.totalBytes, "the first report is mid-way")
          disposed = true
          recorder.dispose()
        }
      }
      runMainLoop(until: { disposed })
      // GIO calls back once more, with its cancellation: the call then ends.
      runMainLoop(until: { GtkBoxes.count == boxes }, "the call ended")
      XCTAssertEqual(eventsAfterDispose, 0)
      XCTAssertFalse(recorder.ended, "no result, no error after disposal")
      XCTAssertNotEqual(size(target), bigCopySize, "the copy stopped before the end")
    }
  }

  func testCancellingTheTaskMidWayThrowsCancelled() throws {
    let source = try bigFile("source.bin", size: bigSize)
    let target = folder.appendingPathComponent("copy.bin").path
    gtk {
      var task: LoopTask<Void>!
      var reports = 0
      task = LoopTask {
        try await gioFile(source).copy(gioFile(target), flags: []) { _ in
          reports += 1
          task.cancel()
        }
      }
      let error = task.glibError()
      XCTAssertEqual(error?.isCancelled, true, "\(String(describing: error))")
      XCTAssertEqual(error?.domain, "g-io-error-quark")
      XCTAssertGreaterThan(reports, 0)
      XCTAssertNotEqual(size(target), bigCopySize)
    }
  }

  func testATaskCancelledBeforeTheCallThrowsCancelled() throws {
    let path = folder.appendingPathComponent("note.txt").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: path))
    gtk {
      let error = LoopTask { () async throws -> [UInt8] in
        withUnsafeCurrentTask { $0?.cancel() }
        return try await gioFile(path).loadContents().contents
      }.glibError()
      XCTAssertEqual(error?.isCancelled, true)
    }
  }

  // MARK: Disposal and finished calls

  func testAResultArrivingAfterItsSubscriptionWasDisposedIsDropped() throws {
    let path = folder.appendingPathComponent("note.txt").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: path))
    gtk {
      let boxes = GtkBoxes.count
      var events = 0
      let subscription = gioFile(path).rx.loadContents()
        .subscribe(
          next: { _ in events += 1 }, error: { _ in events += 1 }, completed: { events += 1 })
      subscription.dispose()
      runMainLoop(until: { GtkBoxes.count == boxes }, "GIO called back")
      runMainLoop(for: .milliseconds(50))
      XCTAssertEqual(events, 0)
    }
  }

  func testCancellingAFinishedCallIsHarmless() throws {
    let path = folder.appendingPathComponent("note.txt").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: path))
    gtk {
      let recorder = EventRecorder(gioFile(path).rx.loadContents())
      recorder.waitForEnd()
      XCTAssertTrue(recorder.completed)
      recorder.dispose()
      recorder.dispose()
      let task = LoopTask { try await gioFile(path).loadContents() }
      XCTAssertNotNil(task.value())
      task.cancel()
      runMainLoop(for: .milliseconds(20))
      XCTAssertEqual(
        recorder.values.count, 1, "nothing more, no GLib message (the test would fail)")
    }
  }

  // MARK: Leaks

  func testFinishedFailedDisposedAndCancelledCallsFreeEverything() throws {
    let source = try bigFile("source.bin", size: bigSize)
    let note = folder.appendingPathComponent("note.txt").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: note))
    gtk {
      let boxes = GtkBoxes.count
      let live = LiveObjectCount.current
      let probe = FinalizationProbe()
      do {
        let finished = EventRecorder(gioFile(note).rx.loadContents())
        let failed = EventRecorder(gioFile(note + ".missing").rx.loadContents())
        let disposed = EventRecorder(gioFile(note).rx.read())
        disposed.dispose()
        var cancelled: LoopTask<Void>!
        cancelled = LoopTask {
          try await gioFile(source).copy(
            gioFile(source + ".copy"), flags: [], progress: { _ in cancelled.cancel() })
        }
        let stream = LoopTask { try await gioFile(note).read() }
        finished.waitForEnd()
        failed.waitForEnd()
        cancelled.wait()
        if let input = stream.value() { probe.watch(input) }
        XCTAssertTrue(finished.completed)
        XCTAssertNotNil(failed.error)
      }
      runMainLoop(until: { GtkBoxes.count == boxes }, "every call's box freed")
      runMainLoop(until: { probe.finalized == probe.watched }, "the stream finalized")
      XCTAssertEqual(LiveObjectCount.current, live, "every Reactive object freed")
    }
  }

  // MARK: The recipe in Sources/GtkReactive/GtkReactive.docc/AsyncGIO.md

  func testTheRecipeCopiesWithProgressAndCancels() throws {
    let small = try bigFile("small.bin", size: 2 << 20)
    let big = try bigFile("big.bin", size: bigCopySize)
    let folder = self.folder!
    gtk {
      let bag = DisposeBag()
      let progressBar = ProgressBar()
      let status = Label("")
      let cancelButton = Button(label: "Cancel")

      @MainActor func copyWithSignal(_ source: AnyFile, _ target: AnyFile) {
        // As the recipe writes it:
        let copy = source.rx.copy(target, flags: [.overwrite])
          .subscribe(
            next: { event in
              switch event {
              case .progress(let progress): progressBar.fraction = progress.fraction
              case .finished: status.text = "Copied"
              }
            },
            error: { error in status.text = error.message })
        cancelButton.rx.clicked.subscribe(next: { copy.dispose() }).disposed(by: bag)  // GIO stops
      }
      copyWithSignal(gioFile(small), gioFile(folder.appendingPathComponent("a").path))
      runMainLoop(until: { status.text == "Copied" })
      XCTAssertEqual(progressBar.fraction, 1)

      progressBar.fraction = 0
      status.text = ""
      copyWithSignal(gioFile(big), gioFile(folder.appendingPathComponent("b").path))
      runMainLoop(until: { progressBar.fraction > 0 })
      cancelButton.clicked()
      runMainLoop(for: .milliseconds(100))
      XCTAssertEqual(status.text, "", "no result and no error after Cancel")
      XCTAssertLessThan(progressBar.fraction, 1)

      @MainActor func copyWithTask(_ source: AnyFile, _ target: AnyFile) {
        // As the recipe writes it:
        let task = Task {
          do throws(GLibError) {
            try await source.copy(target, flags: [.overwrite]) {
              progressBar.fraction = $0.fraction
            }
            status.text = "Copied"
          } catch {
            status.text = error.isCancelled ? "Cancelled" : error.message
          }
        }
        cancelButton.rx.clicked.subscribe(next: { task.cancel() }).disposed(by: bag)
      }
      progressBar.fraction = 0
      copyWithTask(gioFile(big), gioFile(folder.appendingPathComponent("c").path))
      runMainLoop(until: { progressBar.fraction > 0 })
      cancelButton.clicked()
      runMainLoop(until: { status.text == "Cancelled" })
      copyWithTask(gioFile(small), gioFile(folder.appendingPathComponent("d").path))
      runMainLoop(until: { status.text == "Copied" })
    }
  }
}
