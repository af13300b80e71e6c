// A temporary folder of named files for tests, removed with the value.
import Foundation

/// A temporary folder, removed when the value is deinitialized.
final class TemporaryFolder {
  let url: URL

  init(files: [String]) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("image-browser-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for name in files {
      let file = url.appendingPathComponent(name)
      if name.hasSuffix("/") {
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
      } else {
        try Data(name.utf8).write(to: file)
      }
    }
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func file(_ name: String) -> URL {
    url.appendingPathComponent(name).standardizedFileURL
  }
}
