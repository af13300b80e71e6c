// Offscreen rendering of a widget to PNG, and comparison against a recorded reference.
import Foundation
import GtkReactive
import XCTest

/// The outcome of ``compareSnapshot(of:reference:width:height:tolerance:record:)``.
public enum SnapshotResult: Equatable, Sendable {
  /// The widget looks like the reference, within the tolerance.
  case matched
  /// There was no reference, or recording was asked for: the widget's image is the new
  /// reference, written at this location.
  case recorded(URL)
  /// `differingPixels` pixels differ beyond the tolerance; the widget's image was written
  /// at `actualImage`, beside the reference.
  case mismatched(differingPixels: Int, actualImage: URL)
  /// The widget could not be drawn, or an image could not be read or written.
  case failed(String)
}

/// Whether snapshot assertions record new references instead of comparing: set the
/// environment variable `RECORD_SNAPSHOTS=1` to re-record after an intended change.
public var isRecordingSnapshots: Bool {
  ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map { $0 != "" && $0 != "0" } ?? false
}

/// Draws `widget` offscreen and writes it as a PNG file at `url`.
///
/// A widget without a parent is placed in a `GtkOffscreenWindow` for the drawing (with
/// the theme's window background behind it, and shown with its children if nobody
/// showed it yet) and taken out again; a window, or a widget inside one, is drawn where
/// it is and must be shown. `width` and `height` set the size
/// request for the drawing (the natural size where nil); the main loop runs until the
/// widget is laid out.
/// - Returns: Whether the file was written; fails the test when not.
@MainActor
@discardableResult
public func writePNG(
  of widget: Widget, width: Int? = nil, height: Int? = nil, to url: URL,
  file: StaticString = #filePath, line: UInt = #line
) -> Bool {
  do {
    try render(widget, width: width, height: height).writePNG(to: url.path)
    return true
  } catch {
    XCTFail("cannot write a PNG of the widget: \(error)", file: file, line: line)
    return false
  }
}

/// Draws `widget` as ``writePNG(of:width:height:to:file:line:)`` does and compares it
/// with the PNG at `reference`, channel by channel, allowing each to differ by
/// `tolerance` (out of 255).
///
/// Records the image as the reference when there is none or when `record` is true. On
/// a mismatch writes the image beside the reference, as `name.actual.png`; on a match
/// removes such a file left by an earlier run. Does not fail the test: see
/// ``assertSnapshot(of:named:width:height:tolerance:in:file:line:)``.
@MainActor
public func compareSnapshot(
  of widget: Widget, reference: URL, width: Int? = nil, height: Int? = nil,
  tolerance: Int = 2, record: Bool = false
) -> SnapshotResult {
  let actual = reference.deletingPathExtension().appendingPathExtension("actual.png")
  do {
    let image = try render(widget, width: width, height: height)
    if record || !FileManager.default.fileExists(atPath: reference.path) {
      try? FileManager.default.createDirectory(
        at: reference.deletingLastPathComponent(), withIntermediateDirectories: true)
      try image.writePNG(to: reference.path)
      return .recorded(reference)
    }
    let differing = try image.differingPixels(fromPNGAt: reference.path, tolerance: tolerance)
    guard differing > 0 else {
      try? FileManager.default.removeItem(at: actual)
      return .matched
    }
    try image.writePNG(to: actual.path)
    return .mismatched(differingPixels: differing, actualImage: actual)
  } catch {
    return .failed(error.description)
  }
}

/// Asserts that `widget` looks like its recorded reference image `name.png`, kept in
/// `directory` — by default `__Snapshots__/<test file name>/` beside the test file.
///
/// The first run records the reference (commit it); so does every run with
/// `RECORD_SNAPSHOTS=1` in the environment. On a mismatch the test fails with the number
/// of differing pixels and the path of the image as drawn, written beside the reference.
/// Rendering follows ``writePNG(of:width:height:to:file:line:)``; `tolerance` is the
/// difference allowed per colour channel (out of 255), for antialiasing noise.
///
/// ```swift
/// let label = Label("Hello")
/// assertSnapshot(of: label, named: "greeting", width: 120, height: 40)
/// ```
///
/// References depend on the fonts and theme installed: record them on the machine (or
/// container image) that runs the tests.
@MainActor
public func assertSnapshot(
  of widget: Widget, named name: String, width: Int? = nil, height: Int? = nil,
  tolerance: Int = 2, in directory: URL? = nil, file: StaticString = #filePath,
  line: UInt = #line
) {
  let testFile = URL(fileURLWithPath: "\(file)")
  let folder =
    directory
    ?? testFile.deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__", isDirectory: true)
    .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent, isDirectory: true)
  let reference = folder.appendingPathComponent("\(name).png")
  let result = compareSnapshot(
    of: widget, reference: reference, width: width, height: height, tolerance: tolerance,
    record: isRecordingSnapshots)
  switch result {
  case .matched:
    break
  case .recorded(let url):
    print("GtkReactiveTesting: recorded the snapshot \(url.path)")
  case .mismatched(let differing, let actual):
    XCTFail(
      "\(differing) pixels differ from the snapshot \(reference.path); "
        + "the widget as drawn: \(actual.path) (RECORD_SNAPSHOTS=1 records it)",
      file: file, line: line)
  case .failed(let reason):
    XCTFail("snapshot “\(name)”: \(reason)", file: file, line: line)
  }
}

@MainActor
private func render(
  _ widget: Widget, width: Int?, height: Int?
) throws(RenderingError) -> WidgetImage {
  try WidgetImage.render(widget, width: width, height: height, settle: { iterateUntilIdle() })
}
