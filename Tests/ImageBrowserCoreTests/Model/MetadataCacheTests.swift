// The metadata cache: a file is read once per version, and the cache stays bounded.
import Foundation
import Reactive
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

/// A reader that counts its reads and answers the file name as the camera model.
final class CountingMetadataReader: MetadataReading {
  private let counts = Locked<[String: Int]>([:])
  /// Files whose metadata says they were taken at a given date.
  let dates: [String: DateTaken]

  init(dates: [String: DateTaken] = [:]) {
    self.dates = dates
  }

  /// How often each file name was read.
  var reads: [String: Int] { counts.withLock { $0 } }

  func metadata(at url: URL) -> ImageMetadata {
    let name = url.lastPathComponent
    counts.withLock { $0[name, default: 0] += 1 }
    return ImageMetadata(cameraModel: name, dateTaken: dates[name])
  }
}

extension ImageBrowserCoreTests {
  @Suite("Metadata cache")
  @MainActor
  struct MetadataCacheTests {
    @Test("a file is read once until it changes")
    func readOnce() throws {
      let folder = try TemporaryFolder(files: ["a.jpg"])
      let reader = CountingMetadataReader()
      let cache = MetadataCache(reader: reader)
      let item = ImageItem(url: folder.file("a.jpg"))
      #expect(cache.metadata(for: item).cameraModel == "a.jpg")
      #expect(cache.metadata(for: item).cameraModel == "a.jpg")
      #expect(reader.reads == ["a.jpg": 1])
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: item.url.path)
      _ = cache.metadata(for: item)
      #expect(reader.reads == ["a.jpg": 2], "a rewritten file is read again")
    }

    @Test("bounded: the least recently used file is forgotten first")
    func leastRecentlyUsed() throws {
      let names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg"]
      let folder = try TemporaryFolder(files: names)
      let reader = CountingMetadataReader()
      let cache = MetadataCache(reader: reader, capacity: 3)
      let items = names.map { ImageItem(url: folder.file($0)) }
      for item in items.prefix(3) { _ = cache.metadata(for: item) }
      _ = cache.metadata(for: items[0])  // a is now the most recent; b the least
      _ = cache.metadata(for: items[3])  // d evicts b
      #expect(cache.count == 3)
      _ = cache.metadata(for: items[0])
      _ = cache.metadata(for: items[2])
      #expect(reader.reads == ["a.jpg": 1, "b.jpg": 1, "c.jpg": 1, "d.jpg": 1])
      _ = cache.metadata(for: items[1])
      #expect(reader.reads["b.jpg"] == 2, "b was forgotten")
    }

    @Test("reads from many threads at once stay consistent")
    func concurrent() throws {
      let names = (0..<50).map { "p\($0).jpg" }
      let folder = try TemporaryFolder(files: names)
      let cache = MetadataCache(reader: CountingMetadataReader(), capacity: 20)
      let items = names.map { ImageItem(url: folder.file($0)) }
      DispatchQueue.concurrentPerform(iterations: 400) { index in
        let item = items[index % items.count]
        precondition(cache.metadata(for: item).cameraModel == item.url.lastPathComponent)
      }
      #expect(cache.count == 20)
    }
  }
}
