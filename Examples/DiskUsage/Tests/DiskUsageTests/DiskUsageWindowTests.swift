// The analyzer as a user sees it, on real widgets under Xvfb: the GIO scan of a real
// folder tree, the window's buttons, list and chart.
import DiskUsageModel
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

@testable import DiskUsage

/// A scanner that reports one progress and the tree as soon as it is subscribed to.
private struct InstantScanner: FolderScanning {
  let tree: FolderNode
  func scan(_ path: String) -> Signal<ScanEvent, ScanError> {
    Signal.from([
      ScanEvent.progress(ScanProgress(files: tree.fileCount, folders: 3, bytes: tree.size)),
      .finished(tree),
    ])
  }
}

/// A scanner that never finishes, for Cancel.
private struct EndlessScanner: FolderScanning {
  func scan(_ path: String) -> Signal<ScanEvent, ScanError> { .never() }
}

private let sampleTree = FolderNode(
  name: "data", path: "/data", size: 1000, fileCount: 40,
  children: [
    FolderNode(name: "photos", path: "/data/photos", size: 600, fileCount: 5),
    FolderNode(name: "music", path: "/data/music", size: 300, fileCount: 10),
    FolderNode(name: "notes", path: "/data/notes", size: 100, fileCount: 25),
  ])

/// A window bound to a view model of `scanner`, shown.
@MainActor
private func makeWindow(_ scanner: FolderScanning) -> (DiskUsageWindow, DiskUsageViewModel) {
  _ = RingChart.gType
  let window = DiskUsageWindow()
  let viewModel = DiskUsageViewModel(
    folder: "/data", scanner: scanner, scheduler: MainLoopScheduler.main)
  window.bind(to: viewModel)
  window.viewModel = viewModel
  window.showAll()
  runUntilIdle()
  return (window, viewModel)
}

final class DiskUsageWindowTests: GtkTestCase {
  func testScanFillsTheListAndTheChartAndAClickCentresTheChart() throws {
    try gtk {
      let (window, viewModel) = makeWindow(InstantScanner(tree: sampleTree))
      XCTAssertEqual(window.title, "data — Disk Usage")
      click(window.templateChild(DiskUsageWindow.scanButton))
      runUntilIdle()
      XCTAssertEqual(viewModel.phase.value, .finished)
      XCTAssertEqual(window.templateChild(DiskUsageWindow.status).label, "1.0 kB in 40 files")
      let list = window.templateChild(DiskUsageWindow.largestList)
      XCTAssertEqual(list.children.count, 3, "the largest folders, one row each")
      XCTAssertEqual(window.largestRows?.items.map(\.name), ["photos", "music", "notes"])
      let chart = window.templateChild(DiskUsageWindow.chart)
      XCTAssertEqual(chart.segments.map(\.name), ["photos", "music", "notes"])
      XCTAssertEqual(chart.selectedFolder, "/data")
      XCTAssertFalse(window.templateChild(DiskUsageWindow.upButton).isSensitive, "at the root")
      XCTAssertGreaterThan(chart.allocatedWidth, 100, "the chart has room")

      // Clicking the music arc centres the chart on music.
      let music = try XCTUnwrap(chart.segments.first { $0.name == "music" })
      let point = chart.point(on: music)
      clickPointer(at: point.x, point.y, over: chart)
      XCTAssertEqual(viewModel.selected.value?.name, "music")
      XCTAssertEqual(chart.selectedFolder, "/data/music", "the chart's property follows")
      XCTAssertTrue(window.templateChild(DiskUsageWindow.upButton).isSensitive)
      click(window.templateChild(DiskUsageWindow.upButton))
      XCTAssertEqual(chart.selectedFolder, "/data", "Up goes back to the root")
      window.destroy()
    }
  }

  func testCancelStopsAScanThatRuns() throws {
    gtk {
      let (window, viewModel) = makeWindow(EndlessScanner())
      let scan = window.templateChild(DiskUsageWindow.scanButton)
      let cancel = window.templateChild(DiskUsageWindow.cancelButton)
      XCTAssertFalse(cancel.isSensitive, "nothing to cancel yet")
      click(scan)
      XCTAssertTrue(viewModel.isScanning.value)
      XCTAssertFalse(scan.isSensitive)
      XCTAssertTrue(cancel.isSensitive)
      XCTAssertEqual(window.title, "Scanning data… — Disk Usage")
      click(cancel)
      XCTAssertEqual(viewModel.phase.value, .cancelled)
      XCTAssertEqual(window.templateChild(DiskUsageWindow.status).label, "Scan cancelled.")
      XCTAssertTrue(scan.isSensitive)
      window.destroy()
    }
  }

  func testTheGIOScannerCountsWhatDuCounts() throws {
    try gtk {
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("disk-usage-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: root) }
      for (folder, files) in [("a", 3), ("a/b", 2), ("a/b/c", 1), ("d", 4), ("e", 0)] {
        let url = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for index in 0..<files {
          try Data(repeating: 7, count: 5000 * (index + 1)).write(
            to: url.appendingPathComponent("file\(index)"))
        }
      }
      var events: [ScanEvent] = []
      var ended = false
      let subscription = GioFolderScanner(concurrency: 2, batchSize: 2).scan(root.path)
        .subscribe(
          next: { events.append($0) }, error: { XCTFail("\($0)") }, completed: { ended = true })
      let deadline = Date().addingTimeInterval(10)
      while !ended, Date() < deadline { MainLoop.iterate(for: .milliseconds(10)) }
      subscription.dispose()
      XCTAssertTrue(ended, "the scan finished")
      guard case .finished(let tree) = events.last else { return XCTFail("no tree") }
      XCTAssertEqual(tree.fileCount, 10)
      XCTAssertEqual(tree.children.map(\.name), ["a", "d", "e"], "largest first")
      XCTAssertEqual(tree.node(at: root.path + "/a/b")?.fileCount, 3)
      XCTAssertEqual(tree.size, try diskUsage(root.path), "the same bytes as du")
      XCTAssertEqual(try diskUsage(root.path + "/a"), tree.node(at: root.path + "/a")?.size)
      XCTAssertGreaterThan(events.count, 2, "progress before the tree")
    }
  }

  func testAFolderThatCannotBeReadFailsTheScanWithGIOsMessage() throws {
    gtk {
      var failure: ScanError?
      let subscription = GioFolderScanner().scan("/nonexistent/folder")
        .subscribe(error: { failure = $0 })
      let deadline = Date().addingTimeInterval(5)
      while failure == nil, Date() < deadline { MainLoop.iterate(for: .milliseconds(10)) }
      subscription.dispose()
      XCTAssertEqual(
        failure?.message.contains("No such file"), true, "\(String(describing: failure))")
    }
  }
}

/// `du -s -B1 path`: the bytes on disk under `path`.
private func diskUsage(_ path: String) throws -> Int64 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/du")
  process.arguments = ["-s", "-B1", path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  process.waitUntilExit()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  return Int64(output.split(separator: "\t").first ?? "") ?? -1
}
