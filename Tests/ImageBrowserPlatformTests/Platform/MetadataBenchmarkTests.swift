// Sorting 1,000 JPEGs by date taken with the real reader: a figure, run on request only.
import Foundation
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

extension ImageBrowserPlatformTests {
  @Suite("Metadata benchmark")
  @MainActor
  struct MetadataBenchmarkTests {
    /// `IMAGE_BROWSER_BENCH=1 swift test --filter MetadataBenchmarkTests` prints the
    /// figures of Docs/ImageBrowser.md.
    @Test(
      "sorting 1,000 JPEGs by date taken reads each once, then answers from the cache",
      .enabled(if: ProcessInfo.processInfo.environment["IMAGE_BROWSER_BENCH"] != nil))
    func sortThousand() throws {
      let count = 1_000
      let folder = try TemporaryFolder(files: [])
      let template = folder.file("template.jpg")
      #expect(TestImages.write(to: template, width: 1600, height: 1200))
      let base = try Data(contentsOf: template)
      try FileManager.default.removeItem(at: template)
      var items: [ImageItem] = []
      for index in 0..<count {
        let url = folder.file(String(format: "IMG_%04d.jpg", index))
        try base.write(to: url)
        var tags = ExifWriter.camera
        // Taken in an order unlike the names: every 7th second, wrapped.
        let second = (index * 7919) % 86_400
        tags["Exif.Photo.DateTimeOriginal"] = String(
          format: "2023:06:01 %02d:%02d:%02d", second / 3600, second / 60 % 60, second % 60)
        #expect(ExifWriter.write(tags, to: url))
        items.append(ImageItem(url: url))
      }
      let dropped =
        (try? "3\n".write(
          toFile: "/proc/sys/vm/drop_caches", atomically: false, encoding: .utf8)) != nil
      let cache = MetadataCache(reader: Exiv2MetadataReader())
      let clock = ContinuousClock()
      let names = clock.measure {
        _ = FolderSession.sorted(items, by: ImageSort(.name), metadata: cache)
      }
      var sorted: [ImageItem] = []
      let cold = clock.measure {
        sorted = FolderSession.sorted(items, by: ImageSort(.dateTaken), metadata: cache)
      }
      let warm = clock.measure {
        _ = FolderSession.sorted(items, by: ImageSort(.dateTaken), metadata: cache)
      }
      let dates = sorted.map { cache.metadata(for: $0).dateTaken!.date()! }
      #expect(dates == dates.sorted())
      #expect(cache.count == count)
      print(
        "metadata benchmark (\(count) JPEGs, page cache \(dropped ? "dropped" : "warm")):",
        "name sort \(names), date-taken sort cold \(cold)",
        "(\(cold / count) per file), warm \(warm)")
    }
  }
}
